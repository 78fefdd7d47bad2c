"""The staff PIN that guards a café table's "직원용: 모든 패 보기" when the café server serves its network.

The café server (book/serve/cafe.py) writes the PIN, salted and hashed, into its state folder and names
that folder to every kernel it starts (KR_CAFE_STATE). The check runs in the kernel, never in the
browser. Wrong PINs are counted in one record beside it that every kernel locks and reads, so the
slow-down holds across tables and across a reload (which starts a new kernel): after FREE_TRIES wrong
PINs in a row each further try must wait, FIRST_WAIT_S doubling up to LONGEST_WAIT_S; the right PIN
clears the count. Without the folder or the PIN file (the book, Jupyter, a café on this computer only)
there is no PIN and the switch works as it always has.
"""
from __future__ import annotations

import fcntl
import hashlib
import hmac
import json
import os
import re
import secrets
import time
from pathlib import Path

STATE_ENV = "KR_CAFE_STATE"
PIN_FILE = "staff-pin.json"
FAILURES_FILE = "staff-failures.json"
FREE_TRIES = 3
FIRST_WAIT_S = 5
LONGEST_WAIT_S = 300
_PIN = re.compile(r"\d{4,12}")
_ROUNDS = 100_000


def valid_pin(pin: str) -> bool:
    return bool(_PIN.fullmatch(pin))


def _digest(pin: str, salt: bytes) -> bytes:
    return hashlib.pbkdf2_hmac("sha256", pin.encode(), salt, _ROUNDS)


def set_pin(folder: Path, pin: str) -> None:
    """Keep `pin` (4 to 12 digits) for the kernels to check against; the count of wrong tries restarts."""
    if not valid_pin(pin):
        raise ValueError("직원 PIN은 숫자 4~12자리여야 합니다")
    folder.mkdir(parents=True, exist_ok=True)
    salt = secrets.token_bytes(16)
    _write(folder / PIN_FILE, {"salt": salt.hex(), "digest": _digest(pin, salt).hex()})
    _write(folder / FAILURES_FILE, {"count": 0, "until": 0})


def new_pin() -> str:
    return f"{secrets.randbelow(10**6):06d}"


def _write(path: Path, data: dict) -> None:
    """Written whole or not at all (a kernel may read it at any moment), readable by this user only."""
    part = path.with_suffix(".part")
    with open(os.open(part, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "w", encoding="utf-8") as f:
        json.dump(data, f)
    os.replace(part, path)


class StaffPin:
    def __init__(self, folder: Path, clock=time.time):
        self.folder, self.clock = folder, clock

    @classmethod
    def from_env(cls) -> "StaffPin | None":
        """The café server's PIN, or None where no PIN was set."""
        folder = os.environ.get(STATE_ENV)
        return cls(Path(folder)) if folder and (Path(folder) / PIN_FILE).exists() else None

    def check(self, pin: str) -> tuple[bool, str]:
        """(True, '') for the right PIN; else (False, why in Korean). A try while the wait runs is refused
        without being checked."""
        pin = pin.strip()
        if not valid_pin(pin):
            return False, "직원 PIN은 숫자 4~12자리입니다."
        stored = json.loads((self.folder / PIN_FILE).read_text(encoding="utf-8"))
        with open(self.folder / FAILURES_FILE, "r+", encoding="utf-8") as f:
            fcntl.flock(f, fcntl.LOCK_EX)  # one kernel at a time reads and updates the count
            failures = json.load(f)
            now = self.clock()
            if now < failures["until"]:
                return False, f"PIN을 여러 번 틀려서 잠겼습니다. {_seconds(failures['until'] - now)} 뒤에 다시 넣으세요."
            right = hmac.compare_digest(_digest(pin, bytes.fromhex(stored["salt"])), bytes.fromhex(stored["digest"]))
            if right:
                failures = {"count": 0, "until": 0}
            else:
                count = failures["count"] + 1
                wait = 0 if count < FREE_TRIES else min(FIRST_WAIT_S * 2 ** (count - FREE_TRIES), LONGEST_WAIT_S)
                failures = {"count": count, "until": now + wait}
            f.seek(0)
            f.truncate()
            json.dump(failures, f)
        if right:
            return True, ""
        return False, "PIN이 맞지 않습니다." + (f" {_seconds(wait)} 뒤에 다시 넣을 수 있습니다." if wait else "")


def _seconds(s: float) -> str:
    s = max(1, round(s))
    if s < 60:
        return f"{s}초"
    return f"{s // 60}분" + (f" {s % 60}초" if s % 60 else "")

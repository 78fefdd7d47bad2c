"""A café table's game, kept on the server after every move, so that a reload, a closed tab or a restart
of the server can take it up again ("이어서 하기" on the table page) without anyone having saved it.

The café server names its state folder to every kernel it starts (KR_CAFE_STATE, as for the staff PIN);
a table writes its game to tables/<game>/<id>.json there: the starting position (State.to_json), every
move in the engine's notation (str(action)) with its log note, the seat names and the number that seeds
the engine's draws. Taking a game up replays the moves from the start, so the log and undo come back as
they were. Outside the café (the book, Jupyter) there is no folder and nothing is written.
"""
from __future__ import annotations

import json
import os
import time
from pathlib import Path

from widgets.common.staff_pin import STATE_ENV

TABLES = "tables"
SHOWN = 12          # saved games offered, newest first
KEPT_DAYS = 7       # the café server forgets older ones when it starts


def folder(game: str) -> Path | None:
    state = os.environ.get(STATE_ENV)
    return Path(state) / TABLES / game if state else None


def write(where: Path, save_id: str, data: dict) -> None:
    """Written whole or not at all: a restart may come at any moment."""
    where.mkdir(parents=True, exist_ok=True)
    part = where / f"{save_id}.part"
    part.write_text(json.dumps({**data, "saved": time.time()}, ensure_ascii=False), encoding="utf-8")
    os.replace(part, where / f"{save_id}.json")


def recent(where: Path | None) -> list[tuple[str, str]]:
    """(menu label, save id) of the newest saved games, newest first; an unreadable file is left out."""
    if where is None or not where.is_dir():
        return []
    found = []
    for path in where.glob("*.json"):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            found.append((data["saved"], label(data), path.stem))
        except (OSError, ValueError, KeyError):
            continue
    return [(text, save_id) for _, text, save_id in sorted(found, reverse=True)[:SHOWN]]


def label(data: dict) -> str:
    t = time.localtime(data["saved"])
    names = " · ".join(data["names"][:data["players"]])
    return f"{t.tm_mon}월 {t.tm_mday}일 {t.tm_hour:02d}:{t.tm_min:02d} · {data['players']}인 — {names}"


def read(where: Path, save_id: str) -> dict:
    try:
        return json.loads((where / f"{save_id}.json").read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise ValueError("저장된 게임을 읽지 못했습니다") from exc


def replay(state_class, data: dict) -> tuple[list, list]:
    """(history, entries) of a saved game, move by move through the engine; ValueError (Korean) if a
    move is no longer legal (the rules changed with an update) or the file is damaged."""
    try:
        history, entries = [state_class.from_json(data["start"])], []
        for text, note in data["moves"]:
            before = history[-1]
            action = before.action_from_str(text)
            history.append(before.apply(action))
            entries.append((before, action, note))
    except (KeyError, TypeError, ValueError) as exc:  # IllegalAction is a ValueError
        raise ValueError("저장된 게임을 이 판의 규칙으로 다시 둘 수 없습니다") from exc
    return history, entries


def forget_old(state: Path, now: float | None = None) -> None:
    """Remove saved games untouched for KEPT_DAYS (the café server calls this when it starts)."""
    cutoff = (now or time.time()) - KEPT_DAYS * 86400
    for path in (state / TABLES).glob("*/*.json"):
        if path.stat().st_mtime < cutoff:
            path.unlink(missing_ok=True)

"""레즈 아르카나 components in Korean words, from the engine's component data: what a collect ability, a
power or a claim does, its cost, its points. The card pictures (widgets/res_arcana/cards.py) and the
actions' sentences (a power's button says what the power does) both read them."""
from rules.res_arcana import components as C

TYPE_NAMES = {"dragon": "용족", "creature": "생물"}


def types_text(kinds: str) -> str:
    """'ELCD' -> '금 제외', else the names joined by '·'."""
    if set(kinds) == set(C.NON_GOLD) and len(kinds) == 4:
        return "금 제외"
    return "·".join(C.ess(e) for e in C.ESSENCES if e in kinds)


def ess_text(amounts: dict) -> str:
    return " + ".join(f"{C.ess(e)} {amounts[e]}" for e in C.ESSENCES if amounts.get(e)) or "없음"


def collect_text(entry: list) -> str:
    op = entry[0]
    if op == "gain":
        return ess_text(entry[1]) + " 받기"
    if op == "one_of":
        return " 또는 ".join(C.ess(e) for e in C.ESSENCES if e in entry[1]) + " 중 1개 받기"
    if op == "any":
        return f"원하는 정수 {entry[1]}개 받기 ({types_text(entry[2])})"
    if op == "forge":
        return "수집 비용: 죽음 1개를 내거나 이 카드를 돌리기"
    if op == "vault":
        return f"위의 금을 가져가지 않으면 이자: 원하는 정수 {entry[1]}개 ({types_text(entry[2])})"
    if op == "windup":
        return f"위의 정수를 두면 위에 있는 종류마다 {entry[1]}개씩 더 올리기"
    return op


ATTACK_IGNORE = {"destroy": "자기 유물 1개 파괴", "discard": "손의 카드 1장 버리기"}
STRAIGHTEN = {"any": "돌린 구성품 1개", "creature": "돌린 생물 1개"}
PLACE_FROM = {"hand": "손에서", "own_discard": "자기 버린 카드 더미에서", "any_discard": "누구의 버린 카드 더미에서든"}
EXTRA = {"turn_creature": "자기 생물 1개도 돌리기", "turn_dragon": "자기 용족 1개도 돌리기",
         "destroy_any": "자기 유물 1개 파괴", "destroy_other": "다른 자기 유물 1개 파괴",
         "destroy_beast": "자기 용족이나 생물 1개 파괴", "destroy_self": "이 카드 파괴",
         "dagger": "이 카드 파괴 + 손의 카드 1장 버리기", "athanor": "이 카드 위 활기 6개 + 같은 종류 정수 X개",
         "same_type": "같은 종류 정수 X개"}
REACT = {"life_loss": "생명 손실을 입을 때", "dragon_attack": "용족의 생명 손실을 입을 때", "victory_check": "승점 확인 때"}


def effect_text(effect: list) -> str:
    op, args = effect[0], effect[1:]
    if op == "gain":
        return ess_text(args[0]) + " 받기"
    if op == "gain_any":
        return f"원하는 정수 {args[0]}개 받기 ({types_text(args[1])})"
    if op == "put":
        return f"이 카드 위에 {ess_text(args[0])} 올리기"
    if op == "put_any":
        return f"이 카드 위에 원하는 정수 {args[0]}개 올리기 ({types_text(args[1])})"
    if op == "put_paid":
        return "낸 정수를 이 카드 위에 올리기"
    if op == "rivals_gain":
        return f"경쟁자 모두 {ess_text(args[0])} 받기"
    if op == "attack":
        how = args[1]
        ignore = (f"{C.ess(how[4:])} 1개를 내면 무시" if how and how.startswith("pay:")
                  else f"{ATTACK_IGNORE[how]}하면 무시" if how else "무시 방법 없음")
        return f"경쟁자마다 생명 {args[0]} 손실 ({ignore})"
    if op == "draw":
        return f"카드 {args[0]}장 뽑기"
    if op == "discard":
        return f"손에서 카드 {args[0]}장 버리기"
    if op == "look3":
        return "자기 유물 더미나 기념물 더미 맨 위 3장을 보고 원하는 순서로 되돌리기"
    if op == "straighten":
        return f"{STRAIGHTEN[args[0]]} 바로 세우기"
    if op == "straighten_self":
        return "이 카드 바로 세우기 (돌려져 있을 때)"
    if op == "gain_x":
        return "낸 X개만큼 금 받기" if args[0] == "G" else "낸 X개만큼 금이 아닌 다른 한 종류 받기"
    if op == "gain_cost":
        plus = f" + {args[0]}" if args[0] else ""
        return f"파괴·버린 카드의 배치 비용 정수 수{plus}만큼 받기 ({types_text(args[1]) if args[1] != 'G' else '금'})"
    if op == "mirror":
        return f"경쟁자 1명의 {C.ess(args[0])} 수만큼 {C.ess(args[1])} 받기"
    if op == "place":
        what = "용족" if args[0] == "dragon" else "유물"
        cut = "비용 없이" if args[2] == "free" else (f"비용 {args[2]} 할인" if args[2] else "")
        return f"{PLACE_FROM[args[1]]} {what} 1장 배치{(' (' + cut + ')') if cut else ''}"
    if op == "check":
        return "즉시 승점 확인"
    if op == "mermaid":
        return f"저장소의 {types_text(args[0])} 중 1개를 다른 자기 구성품 위에 올리기"
    if op == "statue":
        return f"이번 승점 확인에만 {args[0]}점"
    if op == "ignore":
        return "이 생명 손실 무시"
    return op


def power_cost_text(power: dict) -> str:
    parts = []
    if power["turn"]:
        parts.append("돌리기")
    if power.get("extra"):
        parts.append(EXTRA[power["extra"]])
    if power["cost"]:
        parts.append(C.cost_text(power["cost"]))
    return " + ".join(parts) or "비용 없음"


def power_text(power: dict) -> str:
    head = f"[반응: {REACT[power['react']]}] " if power.get("react") else ""
    return f"{head}{power_cost_text(power)} → " + "; ".join(effect_text(e) for e in power["effect"])


def vp_text(c: str) -> str:
    formula = C.VP_ON.get(c)
    base = C.VP[c]
    if formula == "beasts":
        return f"{base}점 + 자기 생물마다 1점, 용족마다 2점"
    if formula:
        return f"{base}점 + 이 카드 위 {C.ess(formula)} 1개마다 1점"
    return f"{base}점"

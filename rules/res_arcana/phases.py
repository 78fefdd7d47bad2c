"""The phases of a game of 레즈 아르카나 and the kinds of task on its stack, with their Korean names.

Shared by state.py and the mixins it is built from (choices.py, effects.py, tasks.py), which must not
import state.py; state.py re-exports them."""
SETUP, COLLECT, ACTIONS, OVER = "setup", "collect", "actions", "over"
PHASE_NAMES = {SETUP: "게임 준비", COLLECT: "1. 수집", ACTIONS: "2. 액션", OVER: "게임 종료"}
TASK_NAMES = {
    "draft": "드래프트", "mage": "마법사 고르기", "item": "마법 아이템 고르기", "take": "구성품 위 정수 가져오기",
    "forge": "수집 비용 (저주)", "pay": "비용 내기", "gain_any": "정수 고르기", "convert": "같은 종류 정수 내기",
    "into": "받을 정수 종류", "target": "구성품 고르기", "pick": "카드 고르기", "rival": "경쟁자 고르기",
    "look_choice": "볼 카드 더미 고르기", "order": "카드 순서 정하기", "react": "생명 손실 반응",
    "lose": "생명 대신 정수 버리기", "statue": "황금 조각상 반응", "draw": "카드 뽑기", "look": "카드 보기",
    "mon_draw": "기념물 카드 뽑기",
}
CHANCE_TASKS = frozenset({"draw", "look", "mon_draw"})

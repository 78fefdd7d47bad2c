"""The worked examples of a chapter as the book shows them: a box ':::{admonition} 예시 · …' right under
its label '(id)=', the id naming the example's test (test_<id with _>). Other labels of the chapter
(sections, widgets, lists) are no examples, whatever their prefix."""
import re
from pathlib import Path

BOX = ":::{admonition} 예시 · "


def example_ids(chapter: Path) -> set:
    """The ids of the chapter's example boxes; fails if a box has no id right above it."""
    text = "\n".join(p.read_text(encoding="utf-8") for p in sorted(chapter.glob("*.md")))
    ids = re.findall(r"^\(([a-z0-9-]+)\)=\n" + re.escape(BOX), text, flags=re.M)
    boxes = re.findall("^" + re.escape(BOX) + ".*", text, flags=re.M)
    assert len(ids) == len(boxes), f"{chapter.name}: 바로 위에 id가 없는 예시 상자가 있습니다 ({len(boxes) - len(ids)}개)"
    return set(ids)


def example_ids_in_tests(namespace: dict, prefix: str) -> set:
    """The example ids that a test module's test_<prefix>_… functions name."""
    return {name[len("test_"):].replace("_", "-") for name in namespace if name.startswith(f"test_{prefix}_")}

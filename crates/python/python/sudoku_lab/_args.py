"""Arguments checked before they reach the core: one message style for every function."""

from typing import Any, List, Mapping, Optional


def _params(params: Mapping[str, Any]) -> List[tuple]:
    return [(str(name), str(value)) for name, value in params.items()]


def _seed(seed: Optional[int]) -> int:
    if seed is None:
        return 0
    if not isinstance(seed, int) or seed < 0 or seed >= 2**64:
        raise ValueError(f"seed: a whole number from 0 to 2**64 - 1, not {seed!r}")
    return seed


def _text(name: str, value: Any) -> str:
    if not isinstance(value, str):
        raise ValueError(f"{name}: a puzzle's text (str), not {type(value).__name__}")
    return value


def _whole(name: str, value: Any, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"{name}: a whole number from {low} to {high}, not {value!r}")
    return value

"""evaluate_batch: shapes, dtypes, the unchecked fast path, and errors naming the problem."""

from __future__ import annotations

import numpy as np
import pytest

from evaluator import evaluate, evaluate_batch, parse_cards


def ids(text: str) -> list[int]:
    return [card.id for card in parse_cards(text)]


@pytest.mark.parametrize("dtype", [np.uint8, np.int8, np.int16, np.int32, np.int64, np.uint64])
def test_it_accepts_any_integer_dtype(dtype):
    hands = np.array([ids("As Ks Qs Js Ts 2c 3d"), ids("7c 5d 4h 3s 2c 9h Jd")], dtype=dtype)
    assert evaluate_batch(hands).tolist() == [7462, evaluate("7c 5d 4h 3s 2c 9h Jd").strength]


def test_it_accepts_lists_views_and_column_major_arrays():
    rows = [ids("Ah Kh Qh Jh 9h"), ids("2c 3d 4h 5s 7c")]
    expected = [evaluate(r).strength for r in rows]
    assert evaluate_batch(rows).tolist() == expected
    assert evaluate_batch(np.asfortranarray(rows)).tolist() == expected
    assert evaluate_batch(np.array(rows).T.copy().T).tolist() == expected


def test_an_empty_batch_gives_an_empty_result():
    assert evaluate_batch(np.zeros((0, 7), dtype=np.uint8)).shape == (0,)


def test_check_false_gives_the_same_strengths_for_valid_ids():
    hands = np.array([ids("As Ad Ac Kd Kc 2h 3h"), ids("9s 8s 7s 6s 5s 4s 3s")])
    assert evaluate_batch(hands, check=False).tolist() == evaluate_batch(hands).tolist()


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (np.zeros((3, 4), dtype=np.int64), r"shape \(N, 5\.\.7\).*\(3, 4\)"),
        (np.zeros((3, 8), dtype=np.int64), r"\(3, 8\)"),
        (np.zeros(7, dtype=np.int64), r"\(7,\)"),
        (np.array([[0, 1, 2, 3, 52]]), "out of range 0..51: 52"),
        (np.array([[0, 1, 2, 3, -1]]), "out of range 0..51: -1"),
        (np.array([[0.0, 1, 2, 3, 4]]), "integers"),
        (np.array([["As", "Ks", "Qs", "Js", "Ts"]]), "integers"),
        (np.array([[0, 1, 2, 3, 4], [5, 6, 7, 8, 8]]), r"duplicate card in row 1: \[5, 6, 7,"),
    ],
)
def test_bad_input_is_a_value_error_naming_the_problem(value, message):
    with pytest.raises(ValueError, match=message):
        evaluate_batch(value)

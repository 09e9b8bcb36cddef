"""A learner's process killed mid-answer loses nothing already committed and leaves a sound file."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from app.progress import FILE_NAME, ProgressStore

ROOT = Path(__file__).resolve().parent.parent

CHILD = textwrap.dedent(
    """
    import json, random, sys
    from app.progress import ProgressStore
    from quizzes.bank import QuestionBank
    from quizzes.session import Session

    store = ProgressStore.open(sys.argv[1], keep_backups=0)
    profile = store.create_profile("Ann")
    store.set_new_per_day(profile.id, 100000)
    session = Session(store, profile.id, QuestionBank(), rng=random.Random(7))
    rng = random.Random(11)
    while True:
        q = session.next_question()
        if q.kind == "number":
            answer = q.answer if rng.random() < 0.6 else q.answer + 5
        elif q.kind == "multi":
            answer = list(q.answer)
        else:
            answer = rng.choice(q.choices).key
        result = session.answer(q, answer, rng.randint(500, 30000))
        # Printed only after answer() returned, i.e. after the commit.
        print(json.dumps({"id": q.id, "correct": result.correct}), flush=True)
    """
)


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_sigkill_mid_run_keeps_every_committed_answer(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(tmp_path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=ROOT,
    )
    committed = []
    try:
        assert child.stdout is not None
        for line in child.stdout:
            committed.append(json.loads(line))
            if len(committed) >= 60:
                break
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=1800)  # a guard against a hang, as for every child process
        stderr = child.stderr.read() if child.stderr else ""
        # Lines printed (so committed) before the kill but not yet read are still in the pipe.
        committed += [json.loads(line) for line in child.stdout.read().splitlines()  # type: ignore[union-attr]
                      if line.strip()]
        child.stdout.close()  # type: ignore[union-attr]
        if child.stderr:
            child.stderr.close()
    assert len(committed) >= 60, stderr
    assert child.returncode == -signal.SIGKILL
    with ProgressStore.open(tmp_path, keep_backups=0) as store:
        assert store.notice is None
        assert store.integrity() == "ok"
        (profile,) = store.profiles()
        attempts = store.attempts(profile.id)
        # Every answer reported committed is there, in order, exactly as answered;
        # at most one more (written but not yet reported when the kill came).
        assert len(committed) <= len(attempts) <= len(committed) + 1
        for seen, row in zip(committed, attempts, strict=False):
            assert (row.question_id, row.correct) == (seen["id"], seen["correct"])
        assert sum(t.answers for t in store.summary(profile.id).items) == len(attempts)
        cards = store.db.execute("SELECT count(*) FROM review_log").fetchone()[0]
        assert cards == len(attempts)
    assert (tmp_path / FILE_NAME).exists()

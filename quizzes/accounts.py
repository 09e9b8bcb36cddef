"""Whose account of a code a question rests on, said and cited alike (issue 25).

A code may hold two accounts of one case that reckon it differently: Foster's report of the
English Rubicon laws abandons the game and adds 1300 and all the offender's points, while the
Portland laws Hoffmann prints rubicon the long hand as law 17 provides, in law 58's whole
hundreds. A question whose stem names one account cites only laws of it: citing the other's
law beside it gives the learner who reads that law another figure (the eleventh blind round's
#144). A law's account is its `account` (content/laws); a law with none, from the book of
another account's laws of its code, is of that account (the Portland laws printed by Hoffmann
beside law 17's "as the Portland Club gives them").

Where a law's rule is inferred from its source rather than written in it (Law.inference),
the why says so (#177).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from app.corpus.laws import Content, Law

_ACCOUNTS: dict[tuple[int, str, str], tuple[Content, dict[str, set[str]]]] = {}


def accounts_of(content: Content, game: str, code: str) -> dict[str, set[str]]:
    """Each account a code's laws name, with the books its laws come from (read once per
    content: every table a generator draws asks it)."""
    key = (id(content), game, code)
    kept = _ACCOUNTS.get(key)
    if kept is not None and kept[0] is content:
        return kept[1]
    out: dict[str, set[str]] = {}
    for law in content.laws_for(game, code):
        if law.account:
            out.setdefault(law.account, set()).add(law.book)
    _ACCOUNTS[key] = (content, out)
    return out


def account_of(content: Content, law: Law, by_book: bool = True) -> str:
    """The account a law gives: its own, else (`by_book`) the one account of its code whose
    laws come from the same book ('' when none, or when the book is two accounts')."""
    if law.account or not by_book:
        return law.account
    found = [a for a, books in accounts_of(content, law.game, law.code).items()
             if law.book in books]
    return found[0] if len(found) == 1 else ""


def _linked(a: Law, b: Law) -> bool:
    """Whether two laws speak of one matter: the same case, or one names the other."""
    return a.case == b.case or b.id in (*a.related, *a.refers_to) \
        or a.id in (*b.related, *b.refers_to)


def other_accounts(content: Content, law_ids: Sequence[str], prompt: str,
                   by_book: bool = True) -> list[str]:
    """Why the laws a question cites are not of one account: a law of an account the prompt
    does not name, beside one whose account it names (a Foster-account stem citing a Portland
    law); or two laws of one matter from two accounts of one body of laws (Foster's report of
    the Portland laws and the laws as Hoffmann prints them), which reckon it differently or
    the code would not hold both. Empty when the citations agree."""
    laws = [law for law_id in dict.fromkeys(law_ids) if (law := content.laws.get(law_id))]
    if not any(law.account for law in laws):
        return []  # no account named, none cited (and no code's laws read to find out)
    account = {law.id: account_of(content, law, by_book) for law in laws}
    named = {a for a in account.values() if a and a in prompt}
    out: list[str] = []
    for law in laws:
        rivals = sorted(a for a in named if a != account[law.id]
                        and any(a == account[x.id] for x in laws
                                if (x.game, x.code) == (law.game, law.code)))
        if account[law.id] and rivals and account[law.id] not in prompt:
            out.append(f"{law.id} is {account[law.id]}, not {rivals[0]} as the stem names")
    for n, a in enumerate(laws):
        for b in laws[n + 1:]:
            if (a.game, a.code) == (b.game, b.code) and account[a.id] and account[b.id] \
                    and account[a.id] != account[b.id] and _linked(a, b) \
                    and _one_body(a, b):
                out.append(f"{a.id} ({account[a.id]}) and {b.id} ({account[b.id]}) are two "
                           f"accounts of one matter")
    return out


def _one_body(a: Law, b: Law) -> bool:
    """Whether two laws' authorities are one body of laws ("Portland Club 1887", and "Portland
    Club 1887, as summarised by Foster"): their accounts are two readings of one text."""
    return a.authority.split(",")[0] == b.authority.split(",")[0]


def with_inferences(content: Content, law_ids: Iterable[str], why: str) -> str:
    """The why, with what each cited law infers rather than reads in its source said after
    its first paragraph (its rulings under other codes follow)."""
    notes = [law.inference for law_id in dict.fromkeys(law_ids)
             if (law := content.laws.get(law_id)) is not None and law.inference
             and law.inference not in why]
    if not notes:
        return why
    first, _, rest = why.partition("\n")
    said = f"{first} {' '.join(notes)}"
    return f"{said}\n{rest}" if rest else said


_ACCOUNT_NAME = re.compile(r"^as (?:completed by )?(?:the )?(?P<name>.+?)"
                           r"(?: (?:gives?|reports?|completes?) (?:them|it)\b.*|, where .*)?$")


def account_name(account: str) -> str:
    """Who gives an account, as a question may name him in its own words: 'Hoffmann' of "as
    Hoffmann reports them (1909)", 'modern accounts' of "as modern accounts complete them" (an
    authored item names it so)."""
    m = _ACCOUNT_NAME.match(account)
    return m["name"] if m else account


def rival_accounts(content: Content, law_ids: Iterable[str]) -> set[str]:
    """The laws another account gives of the matters the given laws rule (Portland law 21
    beside Foster's report of the long and short hands), and those their words take in (law
    21's "as provided in Law 17"): beside a question asking one account, each is that matter
    in another's words, no wrong answer."""
    out: set[str] = set()
    for law_id in law_ids:
        law = content.laws.get(law_id)
        if law is None or not law.account:
            continue
        for other_id in (*law.related, *law.refers_to):
            other = content.laws.get(other_id)
            if other is not None and other.account and other.account != law.account \
                    and _one_body(law, other):
                out.add(other.id)
                out.update(x for x in other.refers_to if x in content.laws)
    return out

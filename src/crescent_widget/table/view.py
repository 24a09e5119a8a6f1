"""What a face of the game shows: :class:`TableView`, built from a table's state by :func:`table_view`."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from ..engine.endgame import finishing_run
from ..engine.moves import PILES
from ..words.announcements import join, labels, refusal, way_on
from ..words.i18n import NO_WORDS, Lang, Words, message, reshuffle_button_text
from .lessons import lesson_buttons, lesson_panel
from .practice import PracticeState
from .replay import ReplayState
from .state import TableState


@dataclass(frozen=True)
class TableView:
    """What a face of the game shows at one moment; every text is in :attr:`lang`.

    Places are written as the game writes them: ``"1"``–``"16"`` and ``"F1"``–``"F8"``.
    Face-down cards are not in it: a pile shows its top card (always face up) and counts.
    It holds the table's options too (the settings a face shows), and the lesson's panel.
    """

    rev: int  # the table's rev when the view was made: +1 with every change shown; intents quote it
    code: str  # "" for a position made with Game.from_layout
    variant: str  # the variant of the next random deal (a game put on the table sets its own)
    piles: tuple[tuple[str, int], ...]  # 16 × (top card or "", card count)
    face_down: tuple[int, ...]  # 16 × face-down cards under the top
    foundations: tuple[tuple[str, int], ...]  # 8 × (top card, card count)
    reshuffles_left: int
    reshuffle_label: str
    move_count: int
    can_undo: bool
    undo_reason: str  # why Undo is unavailable ("" when it is available)
    can_redo: bool  # a move undone can be played again (Table.redo)
    status: str  # "playing", "won" or "blocked"
    message: str  # why the last action was refused ("" when rules are silent)
    note: str  # a line of information: hint, explanation, narration
    note_tone: str  # "right" or "wrong" when the note is a verdict, else ""
    announcement: str  # the last announcement for screen readers
    announce_id: int  # +1 with every new announcement
    selected: str  # the selected place or ""
    targets: Mapping[str, tuple[str, ...]]  # place -> its legal destinations
    hint_move: str  # the suggested move ("13-14", "R") or ""
    winnability: str  # "winnable", "lost", "unknown", "hidden" (cards face down) or "" (not asked)
    can_finish: bool  # only foundation moves are left: "Finish" may play them (endgame.finishing_run)
    pending_move: str  # a move held for confirmation, or ""
    warning: str  # why the pending move is held
    replay: ReplayState | None
    elapsed: float
    clock_running: bool
    lang: Lang
    labels: Mapping[str, Any]  # every interface text in lang (button labels, templates)
    interactive_rules: bool
    teach: bool
    auto_play: bool
    winnable: bool  # random deals are proven winnable
    show_labels: bool
    four_colour: bool
    large: bool
    lesson_panel: Mapping[str, object]  # {number, count, key, title, rule, task, solved, done, has_next} or {}
    lesson_buttons: tuple[str, ...]  # in a lesson, the only toolbar buttons offered; () offers all
    lessons_done: tuple[str, ...]  # keys of the lessons solved on this table (or kept by a browser)
    # The statistics panel, and what the win banner says of the figures: Stats.panel.
    stats_panel: Mapping[str, object]
    search: str = ""  # what a background search is doing ("" when none runs), in lang
    # A press that asked for a second one and that the last action cancelled ("Reshuffle not
    # done."), or "": message, note and announcement already start with it; a face that
    # prints a refusal its own way says it too.
    cancelled: str = ""
    practice: PracticeState | None = None  # the practice on the board (Table.practice), if any


def table_view(
    state: TableState,
    replay: ReplayState | None,
    search: str,
    stats_panel: Mapping[str, object],
    practice: PracticeState | None = None,
) -> TableView:
    """What to show now, in ``state.lang``: ``replay`` is the replay's state (``None`` when
    none is on the table), ``search`` what a background search is doing, ``stats_panel`` the
    statistics panel (:meth:`Stats.panel <crescent_widget.stats.Stats.panel>`), ``practice`` the practice
    on the board."""
    game, lang = state.game, state.lang
    replaying = replay is not None
    targets: dict[str, tuple[str, ...]] = {}
    for move in [] if replaying else game.legal_moves():
        src, dst = str(move.src), str(move.dst)
        if dst not in targets.get(src, ()):
            targets[src] = (*targets.get(src, ()), dst)
    notice, hint, pending = state.notice, state.hint, state.pending
    # A press cancelled by the last action (see TableState.cancelled): said first on the line
    # the board shows (the refusal's, else the note's) and to a screen reader.
    cancelled = NO_WORDS if replaying else state.cancelled
    refused = Words.same(refusal(notice, lang) if notice is not None and state.interactive_rules else "")
    if refused and not replaying:
        refused = join(refused, way_on(game))  # a refused tap on a board left with only a reshuffle
    said = state.words if state.words is cancelled else join(cancelled, state.words)
    undo_refusal = "replay_active" if replaying else game.check_undo()
    tops, sizes = game.tops, game.sizes
    status = game.status
    return TableView(
        rev=state.rev,
        code=game.code or "",
        variant=state.variant,
        # Face-down cards never leave the engine: only tops (always face up) and counts.
        piles=tuple((top.ascii if top else "", size) for top, size in zip(tops[:PILES], sizes, strict=False)),
        face_down=tuple(game.face_down(n) for n in range(1, PILES + 1)),
        foundations=tuple(
            (top.ascii if top else "", size) for top, size in zip(tops[PILES:], sizes[PILES:], strict=True)
        ),
        reshuffles_left=game.reshuffles_left,
        reshuffle_label=reshuffle_button_text(game.reshuffles_left, lang),
        move_count=game.move_count,
        can_undo=undo_refusal is None,
        undo_reason="" if undo_refusal is None else message(undo_refusal, lang),
        can_redo=not replaying and bool(state.redoable()),
        status=status,
        message=join(cancelled, refused).text(lang) if refused else "",
        note=state.note.text(lang) if refused else join(cancelled, state.note).text(lang),
        note_tone=state.toned[1] if state.toned[0] is state.note else "",
        announcement=said.text(lang),
        announce_id=state.announced,
        selected="" if state.selected is None else str(state.selected),
        targets=MappingProxyType(targets),
        hint_move="" if hint is None or hint.move is None else str(hint.move),
        winnability=state.winnability,
        can_finish=not replaying and bool(finishing_run(game)),
        pending_move="" if pending is None else str(pending[0]),
        warning="" if pending is None else pending[1].text(lang),
        replay=replay,
        elapsed=round(game.elapsed, 1),
        clock_running=game.started and status == "playing" and not replaying,
        lang=lang,
        labels=labels(lang),
        interactive_rules=state.interactive_rules,
        teach=state.teach,
        auto_play=state.auto_play,
        winnable=state.winnable,
        show_labels=state.show_labels,
        four_colour=state.four_colour,
        large=state.large,
        lesson_panel=lesson_panel(state, lang),
        lesson_buttons=lesson_buttons(state),
        lessons_done=state.lessons_done,
        stats_panel=MappingProxyType(dict(stats_panel)),
        search=search,
        cancelled=cancelled.text(lang),
        practice=practice,
    )

/**
 * The Touched On board: boardgame.io's React `board` for Touched On.
 *
 * It reads the (player-filtered) state, asks the rules' legal-move functions
 * (legal.ts) what the viewer may do, and calls moves. It never decides a
 * rule: before each move it runs the matching check and shows the reason when
 * the engine would refuse, and it reports a move the server did not apply.
 *
 * Stable test ids (data-testid):
 * - "banner", "banner-peak" (a Peak Hour binds the viewer), "seats", "player-<id>",
 *   "hand-size-<id>", "exp-<id>", "ding-<id>", "finished-<id>", "peak-<id>"
 * - Lines: "lines", "line-<lineId>" (the Line card, a button), "line-col-<lineId>",
 *   "count-<lineId>", "line-exp-<lineId>", "ftz-<lineId>", "carriage-<id>",
 *   "placed-<cardId>"
 * - piles: "draw-pile", "discard-pile", "exp-pile", "used-powers"
 * - hand: "hand", "hand-card-<cardId>" (data-playable="yes"|"no"), "hand-why"
 * - batch: "batch", "batch-minus", "batch-plus", "batch-all", "batch-count",
 *   "batch-seat", "batch-line-<lineId>", "play-batch" (only with a card in the
 *   batch; "batch-empty" says what to choose instead), "batch-cancel"
 * - Inspector: "inspect"; Powers: "fos-target-<id>", "tracker-target-<id>",
 *   "peak-hour", "free-tram-zone", "shed-appeal", "card-cancel"
 * - "draw", "put-out", "putout-<cardId>", "put-out-confirm", "end-turn"
 * - prompts: "appeal-prompt", "appeal", "accept"; "tracker-prompt",
 *   "take-<cardId>", "give-<cardId>", "tracker-swap"; others: "waiting"
 * - "log", "log-<n>", "toast", "journey-summary", "journey-summary-close",
 *   "gameover", "final-<id>", "tiebreak", "gameover-close", "show-scores", "help"
 */
import React, { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  BOARD_BANNER,
  emptySeatLabel,
  emptySeats,
  playingSeat,
  waitingBadge,
  type ShellBoardProps,
} from '../../common/board-props';
import { isEvader, isPower, parseCard, type LineId } from '../data';
import type { CardId, GameOver, TOState } from '../types';
import { legalBatches, legalPutOuts, peakBound } from '../legal';
import { makeActions, type MoveCalls } from './actions';
import { ActionPanel, NO_SELECTION, type Selection } from './ActionPanel';
import { Hand } from './Hand';
import { LinesView } from './LinesView';
import { Piles } from './Piles';
import { Seats } from './Seats';
import { LogView } from './LogView';
import { Help } from './Help';
import { GameOverView, JourneySummary } from './Overlays';
import {
  cardName,
  journeyJustDealt,
  lastJourneyResult,
  namesFrom,
  playability,
  playerLabel,
  stateFingerprint,
} from './logic';
import {
  BOARD_ROOT,
  focusOutside,
  scrollPageBy,
  useLayoutEffectInBrowser,
  useMoveSender,
  useToasts,
} from '../../../client/boardHooks';
import { useKeyboardFocus } from './keyboard';
import { decisionLine } from './banner';
import { useToastsInView } from './toastsInView';
import { ShortName } from '../../common/ShortName';
import './board.css';

/** Why a card is not playable while the online table still waits for players. */
const TABLE_WAITING_WHY = 'The game starts when every seat is taken.';

/**
 * Bring the Line a turn is about into view: its card, its count and its current carriage (and the top of the
 * Line chosen for a batch, when that is another), clear of what covers the window's foot: the action sheet on a
 * phone and the hand held above it, or the hand's tray on a laptop; and clear of the banner stuck to its top. The
 * page scrolls as little as it must, and takes the Line's top under the banner only when the Line does not fit
 * (then the current carriage's foot is kept in view); with reduced motion it jumps instead of gliding.
 */
function keepLineInView(board: HTMLElement | null, line: LineId, chosen: LineId | null, prompt?: string): void {
  const col = board?.querySelector<HTMLElement>(`[data-testid="line-col-${line}"]`);
  if (!board || !col) return;
  const part = col.querySelector('.carriage.current') ?? col.querySelector('.line-top') ?? col;
  let top = col.getBoundingClientRect().top;
  let bottom = part.getBoundingClientRect().bottom;
  const sheet = board.querySelector('[data-testid="actions"]');
  // The sheet over the window's foot (fixed, on a phone held upright) or beside the table, docked with the hand (sticky,
  // on a phone held sideways): either way it is in view, and only what stands over the Line's column hides it.
  const place = sheet ? getComputedStyle(sheet).position : '';
  const fixed = place === 'fixed' || place === 'sticky';
  const box = col.getBoundingClientRect();
  const over = (el: Element) => {
    const r = el.getBoundingClientRect();
    return r.left < box.right && box.left < r.right;
  };
  const other = chosen && chosen !== line ? board.querySelector(`[data-testid="line-col-${chosen}"] .line-top`) : null;
  // A prompt in the side column (not a phone's fixed sheet) is kept in view with the Line: the column is sticky,
  // but where it is taller than the table it has no room to stick in, and the Appeal's "Tickets please!" stood
  // under the banner while the Line showed.
  const asked = prompt && !fixed ? board.querySelector(`[data-testid="${prompt}"]`) : null;
  for (const el of [other, asked]) {
    if (!el) continue;
    const r = el.getBoundingClientRect();
    top = Math.min(top, r.top);
    bottom = Math.max(bottom, r.bottom);
  }
  let foot = window.innerHeight;
  if (sheet && fixed && over(sheet)) foot = Math.min(foot, sheet.getBoundingClientRect().top);
  // The hand, where it sticks above the sheet (or the window's foot): a page scrolled past the Lines shows it higher,
  // in its place under them, but it covers no Line there. Docked beside the table, it covers none.
  const held = board.querySelector('[data-testid="hand"]');
  if (held && getComputedStyle(held).position === 'sticky' && over(held)) foot -= held.getBoundingClientRect().height;
  // What covers the window's top: the banner, sticky there once the page scrolls (its own height, measured: it
  // wraps onto two rows on a phone, three with a Peak Hour or a DING).
  const banner = board.querySelector<HTMLElement>('[data-testid="banner"]');
  const head = banner && getComputedStyle(banner).position === 'sticky' ? banner.getBoundingClientRect().height : 0;
  const margin = 4;
  // A Line taller than the room between them (a low phone while a batch is chosen, a carriage of many cards): its
  // current carriage's foot comes first, where the last cards went and the next batch goes, and the top of the
  // Line's card (with a carriage taller than the room, the carriage's own top) goes under the banner.
  const room = foot - head - 2 * margin;
  if (col.querySelector('.carriage.current') && bottom - top > room) top = bottom - room;
  let by = 0;
  if (top < head + margin) by = top - head - margin;
  else if (bottom > foot - margin) by = Math.min(bottom - foot + margin, top - head - margin);
  if (Math.abs(by) < 1) return;
  scrollPageBy(by, board);
}

/** Props: boardgame.io's board props, plus what the site's shell adds (names, a table still waiting). */
export type TouchedOnBoardProps = ShellBoardProps<TOState>;

/** The board component. */
export function TouchedOnBoard(props: TouchedOnBoardProps) {
  const { G, ctx, moves, playerID, matchData, playerNames } = props;
  // The chair whose hand shows (a replay's too), and the seat that plays here: none in a replay.
  const chair = playerID ?? null;
  const me = playingSeat(props);
  const names = useMemo(() => namesFrom(playerNames, matchData), [playerNames, matchData]);
  const [sel, setSelState] = useState<Selection>(NO_SELECTION);
  const setSel = useCallback((patch: Partial<Selection>) => setSelState((s) => ({ ...s, ...patch })), []);
  const { toasts, toast } = useToasts();
  const [hideOver, setHideOver] = useState(false);
  // The last journey whose summary this screen has shown and closed. A board opened mid-journey (a reload) does
  // not show the last journey's summary again; one opened as a journey is dealt does, and so does a hot-seat board
  // whose seat's screen last showed an earlier journey (`unseen`): the journey ended and the next began while others
  // held the device (a bot dealt to, say), and its player had not seen who finished.
  const [seenSummary, setSeenSummary] = useState(() =>
    journeyJustDealt(G) || (props.unseen?.[0] && props.unseen[0].G.journey < G.journey) ? G.journey - 1 : G.journey,
  );

  // A move the server did not apply: nothing changed a while after sending it. A new state clears the choices.
  const fingerprint = stateFingerprint(G, ctx);
  const send = useMoveSender(fingerprint, toast, () => setSelState(NO_SELECTION));
  const root = useRef<HTMLDivElement>(null);
  // On a phone, in view wherever the banner they stand over is (toastsInView.ts).
  const toastsRef = useRef<HTMLDivElement>(null);
  useToastsInView(root, toastsRef, toasts.length);
  const choice = [sel.card, sel.line, sel.seat || null, sel.take, sel.give, sel.putOut].filter(Boolean).join('|');
  useKeyboardFocus(root, choice, fingerprint);

  const act = makeActions(G, ctx, me, moves as MoveCalls, toast, send);
  const cur = ctx.currentPlayer;
  const over = (ctx.gameover as GameOver | undefined) ?? G.gameOver ?? undefined;
  const hand = chair !== null ? (G.players[chair]?.hand ?? []) : [];
  // Until an online table is full nothing is played: no card is raised, and each says why.
  const waiting = !!props.tableWaiting;
  const why = useMemo(
    () =>
      me === null
        ? {}
        : waiting
          ? Object.fromEntries((G.players[me]?.hand ?? []).map((id) => [id, TABLE_WAITING_WHY]))
          : playability(G, ctx, me),
    [G, ctx, me, waiting],
  );
  // Online, the seats of the running match that their players left (as far as this page's match data tells).
  const empty = emptySeats(props);
  const putOuts = useMemo(() => (me !== null && !waiting ? legalPutOuts(G, ctx, me) : []), [G, ctx, me, waiting]);
  const raised = new Set<CardId>(hand.filter((id) => why[id] === null || putOuts.includes(id)));

  // The Tram Tracker's target is told which card went and which came: the log names neither (only the two may
  // know), and a hand that changes without a word is easy to miss. A board mounted afresh in hot-seat, when its
  // player takes the device, first goes through the states its seat's view had meanwhile (`unseen`).
  const seen = useRef<{ hand: CardId[]; log: TOState['log'] }[]>(
    (props.unseen ?? []).map((s) => ({ hand: (me !== null && s.G.players[me]?.hand) || [], log: s.G.log })),
  );
  useEffect(() => {
    const steps = [...seen.current, { hand, log: G.log }];
    seen.current = [{ hand, log: G.log }];
    if (me === null) return;
    for (let i = 1; i < steps.length; i++) {
      const [before, after] = [steps[i - 1], steps[i]];
      if (after.log.length <= before.log.length) continue;
      // An inspection of one's own overturned by an Appeal: the log says it, but it happens out of one's turn.
      const fresh = after.log.slice(before.log.length);
      for (const [k, e] of fresh.entries()) {
        if (e.type !== 'appeal' || !e.success) continue;
        const took = fresh.slice(k + 1).find((t) => t.type === 'take');
        if (took?.type !== 'take' || took.player !== me) continue;
        const from = after.log
          .slice(0, before.log.length + k)
          .filter((x) => (x.type === 'inspect' || x.type === 'feetOnSeat') && x.player === me)
          .pop();
        const what = from?.type === 'feetOnSeat' ? 'your Feet On Seat' : 'your inspection';
        const cards = `${took.count} Evader${took.count === 1 ? '' : 's'}`;
        toast(`${playerLabel(e.player, names)} Appealed ${what}: it is overturned, and you take the ${cards}.`);
      }
      const swap = fresh.find((e) => e.type === 'trackerSwap' && e.target === me);
      if (!swap || swap.type !== 'trackerSwap') continue;
      const took = before.hand.filter((c) => !after.hand.includes(c));
      const gave = after.hand.filter((c) => !before.hand.includes(c));
      if (took.length === 1 && gave.length === 1)
        toast(`${playerLabel(swap.player, names)} took your ${cardName(took[0])} and gave you ${cardName(gave[0])}.`);
    }
  }, [G.log, hand, me, names, toast]);
  const batches = me !== null ? legalBatches(G, ctx, me) : [];

  // The batch's cards in the hand: the first `count` Evaders of its Line (they are alike), and the Priority Seat.
  /** The Evaders of a Line in hand: those clicked into the batch first, then the others. */
  const lineEvaders = (line: LineId | null) => {
    if (!line) return [];
    const all = hand.filter((id) => isEvader(id, line)).sort();
    const picked = sel.line === line ? sel.picked.filter((id) => all.includes(id)) : [];
    return [...picked, ...all.filter((id) => !picked.includes(id))];
  };
  const selected = new Set<CardId>([
    ...lineEvaders(sel.line).slice(0, sel.count),
    ...(sel.seat ? hand.filter((id) => isPower(id, 'prioritySeat')).slice(0, 1) : []),
    ...(sel.card ? [sel.card] : []),
    ...(sel.putOut ? [sel.putOut] : []),
  ]);

  const onCard = (id: CardId) => {
    if (!raised.has(id)) {
      setSel({ why: sel.why === id ? null : id });
      return;
    }
    if (putOuts.includes(id)) {
      setSel({ putOut: sel.putOut === id ? null : id, why: null });
      return;
    }
    const c = parseCard(id);
    if (c?.kind === 'evader') {
      const opt = batches.find((b) => b.line === c.line);
      const max = opt ? Math.min(opt.maxEvaders, opt.maxCards - (sel.seat ? 1 : 0)) : 0;
      if (sel.line !== c.line) {
        const seatOk = sel.seat && !!opt?.prioritySeat && (opt?.maxCards ?? 0) > 1;
        setSel({ line: c.line, count: 1, picked: [id], seat: seatOk, card: null, why: null });
        return;
      }
      const inBatch = lineEvaders(c.line).slice(0, sel.count);
      if (inBatch.includes(id)) {
        // The last card of the batch taken back: nothing is chosen any more (the panel asks for a card again).
        const last = sel.count === 1 && !sel.seat;
        setSel({
          count: sel.count - 1,
          picked: inBatch.filter((x) => x !== id),
          line: last ? null : sel.line,
          card: null,
          why: null,
        });
      } else if (sel.count < max) {
        setSel({ count: sel.count + 1, picked: [...inBatch, id], card: null, why: null });
      }
      return;
    }
    if (c?.kind === 'power' && c.power === 'prioritySeat') {
      const seat = !sel.seat;
      const seatLines = batches.filter((b) => b.prioritySeat);
      let line = sel.line;
      // With the seat alone, the Line is chosen in the panel or on a Line card, unless only one is possible.
      if (seat && line === null && seatLines.length === 1) line = seatLines[0].line;
      if (!seat && sel.count === 0) line = null;
      const maxCards = batches.find((b) => b.line === line)?.maxCards ?? 1;
      const count = seat ? Math.min(sel.count, maxCards - 1) : sel.count;
      setSel({ seat, line, count, card: null, why: null });
      return;
    }
    setSel({ card: sel.card === id ? null : id, line: null, count: 0, seat: false, why: null });
  };

  const batchTargets = sel.seat || sel.line ? batches.filter((b) => b.prioritySeat || b.line === sel.line) : [];
  const onLine = (line: LineId) => {
    if (sel.seat && sel.count === 0 && batches.some((b) => b.line === line && b.prioritySeat)) {
      setSel({ line });
      return;
    }
    const L = G.lines[line];
    toast(
      `Line ${line}: ${L.carriages.reduce((n, c) => n + c.cards.length, 0)} of 9 cards` +
        (G.currentLine === line ? ', the current line.' : '.'),
    );
  };

  /** Esc cancels the choice in progress; focus goes back to the card it started from (or the first playable one). */
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key !== 'Escape' || !choice) return;
    e.preventDefault();
    const from = [...selected].find((id) => hand.includes(id)) ?? hand.find((id) => raised.has(id));
    setSelState(NO_SELECTION);
    if (from) root.current?.querySelector<HTMLElement>(`[data-testid="hand-card-${from}"]`)?.focus();
  };

  // Open from the new deal until closed, while play goes on behind it (bots, or a quicker player online).
  const summary = G.journey > 1 && seenSummary < G.journey ? lastJourneyResult(G.log) : null;
  // A decision of one's own in one's own turn (the Tram Tracker's take and give) is still one's turn.
  const myTurn = me !== null && me === cur && !over && !props.tableWaiting;
  const pendingMine = me !== null && G.pending?.player === me;
  // The viewer decides whether to Appeal an inspection of a carriage: the carriage is what they must see, so the
  // hand is not held over the table as a tray (on a tablet held sideways, 1024 px wide, its 11 cards make two rows
  // that covered the carriage's cards).
  const inspected = pendingMine && G.pending?.kind === 'appeal';
  // Someone else's decision, watched: the banner says who decides and what, in place of whose turn it is.
  const deciding = props.tableWaiting ? null : decisionLine(G, cur, me, names, props.replay, empty);

  // On a phone the action panel is a sheet fixed to the window's bottom and a playable hand is pinned just above
  // it: the sheet's height, kept in --sheet-h, is where the hand stops. The page's root gets it too, as
  // --window-foot (src/client/styles.css): what the page brings into view (a focused field, the chat's message box
  // above the board) then stops above the sheet, not under it. Held sideways, the sheet and the hand stand in a
  // column beside the table (board.css): the hand there stops at --sheet-h too, and under the banner (--banner-h).
  useLayoutEffectInBrowser(() => {
    const board = root.current;
    const page = document.documentElement.style;
    const measure = () => {
      const sheet = board?.querySelector<HTMLElement>('[data-testid="actions"]');
      const place = sheet ? getComputedStyle(sheet).position : '';
      // Docked beside the table (a phone held sideways, board.css), the sheet sticks at the foot of the board's right
      // column: the hand above it stops there, but the page's own controls, above the board, are never under it.
      const h = sheet && (place === 'fixed' || place === 'sticky') ? `${sheet.offsetHeight}px` : '0px';
      const foot = place === 'fixed' ? h : '0px';
      // The banner's height, where the docked hand sticks under it (it wraps onto two rows with a long decision).
      const banner = board?.querySelector<HTMLElement>('[data-testid="banner"]');
      const head = banner ? `${banner.offsetHeight}px` : '0px';
      if (board && board.style.getPropertyValue('--sheet-h') !== h) board.style.setProperty('--sheet-h', h);
      if (board && board.style.getPropertyValue('--banner-h') !== head) board.style.setProperty('--banner-h', head);
      if (page.getPropertyValue('--window-foot') !== foot) page.setProperty('--window-foot', foot);
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  });
  useLayoutEffectInBrowser(
    () => () => {
      document.documentElement.style.removeProperty('--window-foot');
    },
    [],
  );

  // In one's turn the current Line (where an Inspector looks, the next batch goes) is brought into view as the
  // turn starts, when the current Line changes and as the player chooses (the sheet grows, the hand rises), not
  // on other renders: the player's own scrolling is left alone meanwhile.
  // With no current Line yet (a journey's first batch goes on any), the Lines' row: their cards and counts.
  // Inspected and deciding whether to Appeal, the inspected Line, whose current carriage holds what the fine takes
  // (on an upright phone the page stood at its top, the carriage under the Appeal's sheet).
  const appeal = inspected && G.pending?.kind === 'appeal' ? G.pending : null;
  const lineInView = myTurn ? (G.currentLine ?? G.lineOrder[0] ?? null) : (appeal?.line ?? null);
  const turnKey = myTurn
    ? `${G.journey}|${G.turn.number}`
    : appeal
      ? `appeal|${G.journey}|${G.turn.number}|${appeal.card}`
      : null;
  useEffect(() => {
    if (!lineInView || turnKey === null) return;
    // Not while the player is at a control outside the board (boardHooks.ts).
    const keep = () =>
      focusOutside(root.current) ||
      keepLineInView(root.current, lineInView, sel.line, appeal ? 'appeal-prompt' : undefined);
    keep();
    const sheet = root.current?.querySelector('[data-testid="actions"]');
    if (!sheet || typeof ResizeObserver === 'undefined') return;
    // The sheet settles after this render (a prompt's text, fonts): keep up with its height.
    let last = sheet.getBoundingClientRect().height;
    const grown = new ResizeObserver(() => {
      const h = sheet.getBoundingClientRect().height;
      if (h === last) return;
      last = h;
      keep();
    });
    grown.observe(sheet);
    return () => grown.disconnect();
  }, [lineInView, turnKey, sel.line, choice]);

  // The journey summary and the end screen: over the page; in a replay, under the banner in the board's flow,
  // leaving the replay's timeline free.
  const inline = !!props.replay;
  const dialogs = (
    <>
      {summary && !over && (
        <JourneySummary result={summary} names={names} onClose={() => setSeenSummary(G.journey)} inline={inline} />
      )}
      {over && !hideOver && (
        <GameOverView
          over={over}
          order={ctx.playOrder}
          names={names}
          onClose={() => setHideOver(true)}
          inline={inline}
        />
      )}
    </>
  );

  return (
    <div
      className={`to-board${props.replay ? ' in-replay' : ''}${props.tableWaiting ? ' table-waiting' : ''}`}
      ref={root}
      onKeyDown={onKeyDown}
      {...{ [BOARD_ROOT]: '' }}
    >
      {/* Before the banner: on a phone the messages stand over it, wherever it is (board.css). */}
      <div className="to-toasts" aria-live="assertive" ref={toastsRef}>
        {/* Not over the final scores: the last moves' news stood over the winner's name for 5 s. */}
        {!(over && !hideOver && !inline) &&
          toasts.map((t) => (
            <div key={t.id} className="to-toast" data-testid="toast" role="alert">
              {t.text}
            </div>
          ))}
      </div>
      <header className={`to-banner ${BOARD_BANNER}${myTurn || pendingMine ? ' mine' : ''}`} data-testid="banner">
        <span className="title">Touched On</span>
        {over ? (
          <span className="who">
            <span className="who-name">Game over</span>
          </span>
        ) : (
          <>
            <span className={`who${deciding ? ' decision' : ''}`} data-testid="turn-who">
              {props.tableWaiting || myTurn ? (
                <span className="who-name">{props.tableWaiting ? 'Waiting for players' : 'Your turn'}</span>
              ) : (
                <>
                  <span className="who-name" title={deciding ? deciding.name : playerLabel(cur, names)}>
                    <ShortName name={deciding ? deciding.name : playerLabel(cur, names)} />
                  </span>
                  <span className="who-rest">{deciding ? deciding.rest : "'s turn"}</span>
                </>
              )}
            </span>
            <span className="badges">
              {G.pending && !deciding && (
                <span className="badge wait">
                  {pendingMine
                    ? G.pending.kind === 'appeal'
                      ? G.pending.source === 'feetOnSeat'
                        ? 'Feet On Seat against you!'
                        : 'You are inspected!'
                      : 'Your choice'
                    : empty.has(G.pending.player)
                      ? emptySeatLabel(G.pending.player)
                      : waitingBadge(playerLabel(G.pending.player, names), props.replay)}
                </span>
              )}
              {/* It binds the viewer (every player but its owner): said so, since beside "Ana's turn" it read as Ana's. */}
              {me !== null && peakBound(G, me) && (
                <span className="badge peak" data-testid="banner-peak">
                  {myTurn ? 'Peak Hour: you may add 1 card' : 'Peak Hour: you may add 1 card a turn'}
                </span>
              )}
              {ctx.playOrder
                .filter((id) => G.players[id]?.ding)
                .map((id) => (
                  <span key={id} className="badge ding" data-testid={`banner-ding-${id}`}>
                    DING! {id === me ? 'You' : playerLabel(id, names)}
                  </span>
                ))}
            </span>
          </>
        )}
        <span className="journey">
          Journey {G.journey} · turn {G.turn.number}
        </span>
      </header>
      {inline && dialogs}
      <div className="to-main">
        <div className="to-table">
          <Seats
            G={G}
            order={ctx.playOrder}
            me={me}
            shown={chair}
            current={over || waiting ? null : cur}
            names={names}
          />
          <LinesView G={G} names={names} targets={batchTargets.map((b) => b.line)} chosen={sel.line} onLine={onLine} />
          {chair !== null && G.players[chair] && (
            <Hand
              owner={me === null ? playerLabel(chair, names) : undefined}
              hand={hand}
              why={why}
              raised={raised}
              selected={selected}
              whyCard={sel.why}
              onCard={onCard}
              // Pinned on a phone while a card may be picked, and while one picked (an Inspector, a Power) asks what
              // next: the chosen card stays in view above the sheet (unpinned, it stood under it or below the window).
              pinned={raised.size > 0 && putOuts.length === 0}
              batching={sel.line !== null || sel.seat || !!sel.card}
              idle={waiting || inspected}
            />
          )}
        </div>
        <aside className="to-side">
          <ActionPanel
            G={G}
            ctx={ctx}
            me={me}
            names={names}
            tableWaiting={props.tableWaiting}
            empty={empty}
            replay={props.replay}
            sel={sel}
            setSel={setSel}
            act={act}
            putOuts={putOuts}
          />
          <Piles G={G} />
          <Help />
          <LogView log={G.log} names={names} />
        </aside>
      </div>
      {!inline && dialogs}
      {over && hideOver && (
        <button type="button" className="primary reopen" onClick={() => setHideOver(false)} data-testid="show-scores">
          Final scores
        </button>
      )}
    </div>
  );
}

export default TouchedOnBoard;

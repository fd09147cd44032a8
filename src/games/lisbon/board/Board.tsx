/**
 * The game board: boardgame.io's React `board` for Lisbon Tram 28.
 *
 * It reads the (player-filtered) state, asks the engine's legal-move
 * functions what the viewer may do, and calls moves. It never decides a rule:
 * before each move it runs the matching check and shows the reason when the
 * engine would refuse, and it reports a move the server did not apply.
 *
 * Stable test ids (data-testid):
 * - map: "map"; every map node "node-<nodeId>"; trams "tram-<playerId>"
 * - move: reachable destinations "dest-<nodeId>" (on the map); "mode-action" /
 *   "mode-free" (free-move toggle); "move-detail", "move-pay" (payment picker,
 *   "move-pay-toggle" opens it, options "move-pay-<counts>"), "push-warning",
 *   "confirm-move", "cancel-move"
 * - pick up: "pickup-none", "pickup-bell", "pickup-three", "pickup-pay";
 *   draw-3 choice: "keep-<colour>"
 * - drop off: "dropoff-<cardId>-<left|right>"
 * - bonus: "take-bonus", "bonus-pay"; end turn: "end-turn"
 * - decisions: "decision" (the prompt), "branch-<index>" (buttons),
 *   "branch-path-<index>" (paths on the map), "place-<stopId>" (stops on the
 *   map), "place-btn-<stopId>" (buttons); others see "waiting"
 * - "turn-banner", "final-round", "actions", "hand", "hand-<colour>", "log",
 *   "log-<eventId>", "toast", "display", "display-<cardId>", "monument-top",
 *   "monument-counts", "ticket-deck", "bag", "player-<id>", "score-<id>",
 *   "actions-left", "waiting", "help"
 * - end: "gameover", "final-<id>", "tiebreak", "gameover-close", "show-scores"
 * - touch screens: "loupe" (the zoomed pick), its targets "zoom-dest-<nodeId>",
 *   "zoom-place-<stopId>", "zoom-branch-path-<index>", "loupe-close"; "map-zoom"
 *   (zoom the map in or out)
 *
 * Payment options are keyed by their counts in colour order red, yellow,
 * green, blue: "move-pay-0,0,3,0" pays 3 green.
 */
import React, { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { emptySeats, playingSeat, type ShellBoardProps } from '../../common/board-props';
import type { GameOver, GState, NodeId } from '../types';
import { legalMoves, legalPlacements, legalPushBranches } from '../legal';
import { actionsLeft, freeMoveAvailable } from '../selectors';
import { network } from '../network';
import { destinationMap, namesFrom, playerLabel, stateFingerprint, viewerOf } from './logic';
import { MapView, type MapOverlay } from './MapView';
import { ActionPanel, EMPTY_UI, type UiState } from './ActionPanel';
import { makeActions, type Actions, type MoveCalls } from './actions';
import { DisplayPanel, Hand, PlayerPanel } from './Panels';
import { LogView } from './LogView';
import { Help } from './Help';
import { GameOverView } from './GameOverView';
import { TurnBanner } from './TurnBanner';
import { centreZoomed, Loupe, mapPoint, mapScale, TARGET_UNITS, type LoupeAt } from './MapZoom';
import {
  BOARD_ROOT,
  useFocusKept,
  useLayoutEffectInBrowser,
  useMoveSender,
  useToasts,
} from '../../../client/boardHooks';
import './board.css';

/** Props: boardgame.io's board props, plus what the site's shell adds (names, a table still waiting). */
export type LisbonBoardProps = ShellBoardProps<GState>;

/** The node a pushed tram's branches start from: the last node before the fork. */
function branchStart(G: GState): NodeId | undefined {
  const p = G.pending;
  if (!p || p.kind !== 'pushBranch' || p.options.length === 0) return undefined;
  const net = network(G.side);
  const first = p.options[0][0];
  const trail = [G.players[p.move.mover].position, ...p.move.route];
  for (let i = trail.length - 1; i >= 0; i--) if (net.neighbours[trail[i]].includes(first)) return trail[i];
  return p.from;
}

/** Focus the first element matching one of the selectors, in order, without scrolling the page. */
function focusIn(root: HTMLElement | null, ...selectors: string[]): void {
  for (const sel of selectors) {
    const el = root?.querySelector<HTMLElement | SVGElement>(sel);
    if (el) {
      el.focus({ preventScroll: true });
      return;
    }
  }
}

/**
 * The height the board may fill: the window below where the board starts on
 * the page (the site's header and the match bar above it differ by page), so
 * that the map, the panels and the action controls show without scrolling.
 */
function useAvailableHeight(ref: React.RefObject<HTMLElement>): number {
  const [h, setH] = useState(700);
  useLayoutEffectInBrowser(() => {
    const measure = () => {
      const el = ref.current;
      if (!el) return;
      const top = el.getBoundingClientRect().top + window.scrollY;
      const next = Math.max(480, Math.round(window.innerHeight - top));
      setH((old) => (Math.abs(old - next) > 1 ? next : old));
    };
    measure();
    window.addEventListener('resize', measure);
    const ro = new ResizeObserver(measure);
    if (ref.current?.parentElement) ro.observe(ref.current.parentElement);
    // A row shown or hidden above the board (a notice, the page's bars) moves it without resizing its parent.
    ro.observe(document.body);
    return () => {
      window.removeEventListener('resize', measure);
      ro.disconnect();
    };
  }, [ref]);
  return h;
}

/**
 * On a phone, where the actions are a sheet fixed at the window's foot: while the player has something to do (their
 * turn, a decision of theirs), when the sheet grows (the turn begins, a move made offers a pick-up) over the foot of
 * the map (or the turn begins with the map under the sheet, online, the page scrolled up to the chat), the page
 * scrolls just enough for the map to clear it, as far as the turn banner's top may go (at the window's top; the
 * banner sticks there, and the map would pass under it). A map scrolled away or already clear is left where it is,
 * and so is the page of a player who waits, or who is typing elsewhere on the page (in the chat above the board).
 * Get on Board's board keeps its map clear of its plot panel alike. (At 390 × 844 the sheet grew from 215 to 380 px
 * after a move and hid the map's bottom row: 35 px of it in hot-seat, 154 of 232 px online, under the match bar; at
 * 360 × 640 online a turn could begin with the whole map under the sheet.)
 */
/** Whether `el` takes typed text (the chat's field): a page is not scrolled from under it. */
function typing(el: HTMLElement): boolean {
  return (
    el.isContentEditable || el instanceof HTMLTextAreaElement || (el instanceof HTMLInputElement && el.type === 'text')
  );
}

function useMapClearOfSheet(ref: React.RefObject<HTMLElement>, acting: boolean): void {
  const lastTop = useRef(Infinity);
  useLayoutEffectInBrowser(() => {
    const root = ref.current;
    const sheet = root?.querySelector<HTMLElement>('.lt-sheet');
    const map = root?.querySelector<HTMLElement>('.map-wrap');
    const banner = root?.querySelector<HTMLElement>('.turn-banner');
    if (!root || !sheet || !map || !banner || !acting) return;
    // Something to do from now on: the sheet as it stands counts as grown.
    lastTop.current = Infinity;
    const check = () => {
      if (getComputedStyle(sheet).position !== 'fixed') return;
      const top = sheet.getBoundingClientRect().top;
      const grew = top < lastTop.current - 1;
      lastTop.current = top;
      if (!grew) return;
      const active = document.activeElement;
      if (active instanceof HTMLElement && typing(active) && !root.contains(active)) return;
      const m = map.getBoundingClientRect();
      const room = banner.getBoundingClientRect().top;
      if (m.bottom <= top || room <= 0) return;
      window.scrollBy({ top: Math.min(m.bottom - top, room), behavior: 'instant' });
    };
    // The observer reports the sheet's size once at the start, then each change.
    const ro = new ResizeObserver(check);
    ro.observe(sheet);
    return () => ro.disconnect();
  }, [ref, acting]);
}

/**
 * "Zoom in" on a phone: the larger map opens on what matters now (`centreZoomed`), between the turn banner and the
 * sheet of actions: its box is cut to the room between them and the page scrolls it there, so the whole box and
 * "Whole map", at its top-left corner, are in view. (At 390 × 844 the box opened at the map's top-left corner, the
 * tram and all 10 places it could reach off to the right, and "Whole map", under the box, was under the sheet until
 * the page was scrolled 300 px.) While zoomed, the box follows the play: a new tram position or new targets centre
 * it again.
 */
function useZoomOnPlay(
  ref: React.RefObject<HTMLElement>,
  zoomed: boolean,
  tram: LoupeAt | null,
  targets: LoupeAt[],
  key: string,
): void {
  useLayoutEffectInBrowser(() => {
    const root = ref.current;
    const wrap = root?.querySelector<HTMLElement>('.lt-mapcol .map-wrap');
    if (!root || !wrap) return;
    if (!zoomed) {
      wrap.style.maxHeight = '';
      return;
    }
    const sheet = root.querySelector<HTMLElement>('.lt-sheet');
    const banner = root.querySelector<HTMLElement>('.turn-banner');
    if (!sheet || !banner || getComputedStyle(sheet).position !== 'fixed') return;
    const floor = sheet.getBoundingClientRect().top;
    // The banner sticks at the window's top once the page scrolls: the box goes right under it.
    const ceiling = banner.getBoundingClientRect().height;
    const gap = 8;
    wrap.style.maxHeight = `${Math.round(Math.max(180, Math.min(window.innerHeight * 0.62, floor - ceiling - 2 * gap)))}px`;
    const r = wrap.getBoundingClientRect();
    if (r.top < ceiling || r.bottom > floor) window.scrollBy({ top: r.top - ceiling - gap, behavior: 'instant' });
  }, [ref, zoomed]);
  // The latest points, read when the key says they changed.
  const points = useRef({ tram, targets });
  points.current = { tram, targets };
  useLayoutEffectInBrowser(() => {
    const wrap = ref.current?.querySelector<HTMLElement>('.lt-mapcol .map-wrap');
    if (!zoomed || !wrap) return;
    centreZoomed(wrap, points.current.tram, points.current.targets);
  }, [ref, zoomed, key]);
}

/** The row of the phone's sheet pinned at its foot (End turn, or a chosen move's Confirm and Cancel), if any. */
function pinnedRow(sheet: HTMLElement): HTMLElement | null {
  for (const el of sheet.querySelectorAll<HTMLElement>('.action-section.end, .move-detail .buttons'))
    if (getComputedStyle(el).position === 'sticky') return el;
  return null;
}

/** The pending action's main control: a decision's, else the first of what can be done where the tram stands. */
const MAIN_CONTROL =
  '[data-testid="decision"] button.primary, [data-testid="decision"] .buttons button, .place-section .buttons button';

/**
 * On a phone, each new position (a move made, a turn begun, a decision owed) scrolls the sheet of actions so that
 * the pending action's main control shows whole above the row pinned at its foot. (At 360 × 640 the sheet is
 * 288 px high: after the move's hint, "Pick up, pay 5 tickets" was cut in half behind the pinned End turn row.) The
 * player's own scrolling of the sheet is left alone until the next position.
 */
function useSheetShowsMainControl(ref: React.RefObject<HTMLElement>, key: string, acting: boolean): void {
  useLayoutEffectInBrowser(() => {
    const sheet = ref.current?.querySelector<HTMLElement>('.lt-sheet');
    if (!sheet || !acting) return;
    let done = false;
    const show = () => {
      if (done || getComputedStyle(sheet).position !== 'fixed' || sheet.clientHeight === 0) return;
      done = true;
      const main = sheet.querySelector<HTMLElement>(MAIN_CONTROL);
      if (!main) return;
      const view = sheet.getBoundingClientRect();
      const pinned = pinnedRow(sheet);
      // Clear of the pinned row and of the cue at its top edge ("more" below).
      const floor = (pinned && !pinned.contains(main) ? pinned.getBoundingClientRect().top : view.bottom) - 14;
      const r = main.getBoundingClientRect();
      let by = r.bottom > floor ? r.bottom - floor : 0;
      if (r.top - by < view.top + 4) by = r.top - view.top - 4;
      if (Math.abs(by) >= 1) sheet.scrollTop += by;
    };
    // The observer reports the sheet's size once it is laid out (a hot-seat board may be drawn before it shows).
    const ro = new ResizeObserver(show);
    ro.observe(sheet);
    return () => ro.disconnect();
  }, [ref, key, acting]);
}

/**
 * On a phone, a cue that the sheet of actions scrolls: "▲ more" at its top while some of it is scrolled up out of
 * sight, "▼ more" at the top edge of the pinned row (or at the sheet's foot) while some is below (board.css, from
 * the sheet's `data-more`). Its scroll padding keeps what a Tab focuses above the pinned row. (The review found no
 * hint at all that the 288 px sheet at 360 × 640 scrolls.)
 */
function useSheetScrollCue(ref: React.RefObject<HTMLElement>): void {
  useLayoutEffectInBrowser(() => {
    const sheet = ref.current?.querySelector<HTMLElement>('.lt-sheet');
    if (!sheet) return;
    const update = () => {
      const fixed = getComputedStyle(sheet).position === 'fixed';
      const pinned = fixed ? pinnedRow(sheet) : null;
      const more: string[] = [];
      if (fixed && sheet.scrollTop > 2) more.push('above');
      if (fixed && sheet.scrollTop + sheet.clientHeight < sheet.scrollHeight - 2) more.push('below');
      if (pinned) more.push('pinned');
      const next = more.join(' ');
      if ((sheet.dataset.more ?? '') !== next) sheet.dataset.more = next;
      const pad = pinned ? `${Math.round(pinned.offsetHeight) + 14}px` : '';
      if (sheet.style.scrollPaddingBottom !== pad) sheet.style.scrollPaddingBottom = pad;
      // Where "▲ more" stands, on the sheet's top edge (it is fixed, not inside what scrolls).
      const height = `${sheet.offsetHeight}px`;
      if (sheet.style.getPropertyValue('--lt-sheet-h') !== height) sheet.style.setProperty('--lt-sheet-h', height);
    };
    update();
    sheet.addEventListener('scroll', update, { passive: true });
    const ro = new ResizeObserver(update);
    ro.observe(sheet);
    const mo = new MutationObserver(update);
    mo.observe(sheet, { childList: true, subtree: true, characterData: true });
    return () => {
      sheet.removeEventListener('scroll', update);
      ro.disconnect();
      mo.disconnect();
    };
  }, [ref]);
}

/** The board component. */
export function Board(props: LisbonBoardProps) {
  const { G, ctx, moves, playerID, matchData, playerNames } = props;
  // The chair whose tickets show (a replay's too), and the seat that plays here: none in a replay.
  const chair = playerID ?? null;
  const me = playingSeat(props);
  const viewer = viewerOf(ctx, chair);
  const names = useMemo(() => namesFrom(playerNames, matchData), [playerNames, matchData]);
  // Online, the seats of the running match whose players left: the game waits for someone to take them.
  const empty = emptySeats(props);
  const [ui, setUiState] = useState<UiState>(EMPTY_UI);
  const setUi = useCallback((patch: Partial<UiState>) => setUiState((u) => ({ ...u, ...patch })), []);
  const { toasts, toast } = useToasts();
  const [hideOver, setHideOver] = useState(false);
  const [spot, setSpot] = useState<NodeId | null>(null);
  const [loupe, setLoupe] = useState<LoupeAt | null>(null);
  const [zoomed, setZoomed] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const pointer = useRef<string>('mouse');
  // The player's last input in the board was a key (not a pointer).
  const keyboard = useRef(false);
  const avail = useAvailableHeight(rootRef);

  // A move the server did not apply: nothing changed a while after sending it. A new state clears the choices.
  const fingerprint = stateFingerprint(G, ctx);
  const send = useMoveSender(fingerprint, toast, () => setUiState((u) => ({ ...EMPTY_UI, mode: u.mode })));

  const cur = ctx.currentPlayer;
  const myTurn = me !== null && me === cur && !G.pending && !ctx.gameover && !props.tableWaiting;
  const freeAvailable = myTurn && freeMoveAvailable(G, me);
  const acting = myTurn || (!!G.pending && me !== null && G.pending.player === me);
  useMapClearOfSheet(rootRef, acting);
  useSheetShowsMainControl(rootRef, fingerprint, acting);
  useSheetScrollCue(rootRef);
  // With no actions left, the free move is the only move: show it.
  const mode: UiState['mode'] = freeAvailable && (ui.mode === 'free' || actionsLeft(G, me) === 0) ? 'free' : 'action';
  const moveOptions = useMemo(
    () => (myTurn ? destinationMap(legalMoves(G, cur, me, { free: mode === 'free' })) : {}),
    [G, cur, me, myTurn, mode],
  );

  const act: Actions = makeActions(G, ctx, me, moves as MoveCalls, toast, send);

  const overlay: MapOverlay = { spot };
  if (G.pending?.kind === 'pushBranch')
    overlay.pendingRoute = { from: G.players[G.pending.move.mover].position, route: G.pending.move.route };
  if (myTurn) {
    overlay.destinations = Object.fromEntries(
      Object.entries(moveOptions).map(([to, routes]) => [
        to,
        (to === ui.selected && routes[ui.routeIndex]) || routes[0],
      ]),
    );
    overlay.selected = ui.selected;
    overlay.hovered = ui.hovered;
    overlay.onDestination = (to) => setUi({ selected: to === ui.selected ? null : to, payKey: null, routeIndex: 0 });
    overlay.onHover = (to) => setUi({ hovered: to });
  } else if (G.pending && me !== null && G.pending.player === me) {
    if (G.pending.kind === 'pushBranch') {
      overlay.branches = legalPushBranches(G, me);
      overlay.branchFrom = branchStart(G);
      overlay.onBranch = (i) => act.branch(overlay.branches![i]);
    } else if (G.pending.kind === 'placePassengers') {
      overlay.placements = legalPlacements(G, me);
      overlay.onPlace = act.place;
    }
  }
  // What the zoomed map opens on: the tram (a pushed tram's fork) and the places to choose from.
  const net = network(G.side);
  const zoomTram = overlay.branchFrom ?? G.players[me ?? cur]?.position;
  const zoomTargets = [
    ...Object.keys(overlay.destinations ?? {}),
    ...(overlay.branches ?? []).flat(),
    ...(overlay.placements ?? []),
  ];
  const nodeAt = (id: NodeId): LoupeAt => ({ x: net.node[id].x, y: net.node[id].y });
  useZoomOnPlay(
    rootRef,
    zoomed,
    zoomTram ? nodeAt(zoomTram) : null,
    zoomTargets.map(nodeAt),
    `${zoomTram}|${zoomTargets.join(',')}`,
  );
  const over = ctx.gameover as GameOver | undefined;
  const targets = !!(overlay.destinations && Object.keys(overlay.destinations).length) || !!overlay.branches?.length;
  const choosing = targets || !!overlay.placements?.length;

  // Focus follows the turn: once a place is chosen, its Confirm; after a move is applied, the next thing to do: a
  // decision, a place on the map, End turn, else the actions, which say whom the game waits for (never the page's
  // body, from where the next Tab starts again at the top of the page).
  const selected = ui.selected;
  // The place whose choice Esc took back, to focus again once it is unchosen.
  const unchosen = useRef<string | null>(null);
  useEffect(() => {
    if (selected) focusIn(rootRef.current, '[data-testid="confirm-move"]');
    else if (unchosen.current) focusIn(rootRef.current, `.lt-mapcol [data-testid="dest-${unchosen.current}"]`);
    unchosen.current = null;
  }, [selected]);
  const focusNext = useCallback(
    () =>
      focusIn(
        rootRef.current,
        // The final scores over the board: their way out (useDialogKeys), not the sheet behind them.
        '.gameover-backdrop:not(.in-replay) [data-testid="gameover-close"]',
        '[data-testid="decision"] button, .place-section button.primary',
        '.lt-mapcol .dest, .lt-mapcol .place, .lt-mapcol .branch-path',
        '[data-testid="end-turn"]',
        // The final scores closed: the button that opens them again.
        '[data-testid="show-scores"]',
        '.lt-sheet',
      ),
    [],
  );
  useEffect(() => {
    const root = rootRef.current;
    const active = document.activeElement;
    if (!root || (active && active !== document.body && !root.contains(active))) return;
    if (active && root.contains(active) && active.closest('.loupe')) return;
    focusNext();
  }, [fingerprint, focusNext]);
  // Confirm once the move is sent, End turn once the turn is over: focus goes on at once, not when the tram has arrived.
  useFocusKept(rootRef, keyboard, focusNext);

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key !== 'Escape' || !ui.selected) return;
    // Esc cancels the chosen destination; focus goes back to it on the map.
    // In the effect above, as the choice is taken back: a frame later, it took focus away from the Confirm of a
    // place chosen at once after Esc.
    e.preventDefault();
    unchosen.current = ui.selected;
    setUi({ selected: null, payKey: null, routeIndex: 0 });
  };

  // On a touch screen where the map's targets are smaller than a finger, a tap opens the zoomed pick instead.
  const onMapClickCapture = (e: React.MouseEvent) => {
    const svg = (e.currentTarget as HTMLElement).querySelector('svg');
    if (!svg || !choosing || pointer.current !== 'touch') return;
    if (mapScale(svg) * TARGET_UNITS >= 44) return;
    const at = mapPoint(svg, e.clientX, e.clientY);
    if (!at) return;
    e.preventDefault();
    e.stopPropagation();
    setLoupe(at);
  };

  return (
    <div
      className={`lt-board players-n${ctx.playOrder.length}${props.replay ? ' in-replay' : ''}${props.tableWaiting ? ' table-waiting' : ''}${over && !hideOver && props.replay ? ' scores-inline' : ''}`}
      ref={rootRef}
      onKeyDown={onKeyDown}
      {...{ [BOARD_ROOT]: '' }}
      onKeyDownCapture={() => (keyboard.current = true)}
      onPointerDownCapture={(e) => {
        pointer.current = e.pointerType;
        keyboard.current = false;
      }}
      style={{ '--lt-avail': `${avail}px` } as React.CSSProperties}
    >
      <TurnBanner
        G={G}
        ctx={ctx}
        me={me}
        names={names}
        tableWaiting={props.tableWaiting}
        empty={empty}
        replay={props.replay}
      />
      {/* In a replay the end screen is in the board's flow, under the banner: the replay's timeline stays free. */}
      {over && !hideOver && props.replay && (
        <GameOverView G={G} over={over} names={names} onClose={() => setHideOver(true)} inline />
      )}
      <div className="lt-main">
        <div className="lt-players">
          {ctx.playOrder.map((id) => (
            <PlayerPanel key={id} G={G} ctx={ctx} id={id} names={names} viewer={me} />
          ))}
        </div>
        <div className="lt-mapcol">
          <div className={`map-wrap${zoomed ? ' zoomed' : ''}`} onClickCapture={onMapClickCapture}>
            <MapView G={G} viewer={viewer} currentPlayer={cur} names={names} overlay={overlay} />
          </div>
          <button
            type="button"
            className="map-zoom"
            onClick={() => setZoomed(!zoomed)}
            aria-pressed={zoomed}
            data-testid="map-zoom"
          >
            {zoomed ? 'Whole map' : 'Zoom in'}
          </button>
          <DisplayPanel G={G} spot={spot} onSpot={setSpot} />
        </div>
        <aside className="lt-side">
          {/* Focus rests here once nothing on the board is this player's to do (it says whom the game waits for). */}
          <div className="lt-sheet" tabIndex={-1} role="region" aria-label="Actions">
            <ActionPanel
              G={G}
              ctx={ctx}
              me={me}
              names={names}
              ui={{ ...ui, mode }}
              setUi={setUi}
              act={act}
              moveOptions={moveOptions}
              freeAvailable={freeAvailable}
              tableWaiting={props.tableWaiting}
              empty={empty}
              replay={props.replay}
            />
          </div>
          {chair !== null && <Hand G={G} id={chair} owner={me === null ? playerLabel(G, chair, names) : undefined} />}
          <Help />
          <LogView G={G} ctx={ctx} names={names} />
        </aside>
      </div>
      <div className="toasts" aria-live="assertive">
        {toasts.map((t) => (
          <div key={t.id} className="toast" data-testid="toast" role="alert">
            {t.text}
          </div>
        ))}
      </div>
      {loupe && (
        <Loupe
          G={G}
          at={loupe}
          viewer={viewer}
          currentPlayer={cur}
          names={names}
          overlay={overlay}
          onClose={() => setLoupe(null)}
        />
      )}
      {over && !hideOver && !props.replay && (
        <GameOverView G={G} over={over} names={names} onClose={() => setHideOver(true)} />
      )}
      {over && hideOver && (
        <button
          type="button"
          className="primary reopen-scores"
          onClick={() => setHideOver(false)}
          data-testid="show-scores"
        >
          Final scores
        </button>
      )}
    </div>
  );
}

export default Board;

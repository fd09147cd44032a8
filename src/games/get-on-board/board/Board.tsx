/**
 * The Get on Board board: boardgame.io's React `board` for Get on Board.
 *
 * The banner (Banner.tsx, one height from plot to plot), the map (MapView)
 * with every line, and beside it the action panel (the
 * departure choice, or the plot built marker by marker on the map with the
 * rules' own plotStatus/extraOptions: take back any marker, add the Metro
 * extra marker, confirm; markers not yet confirmed survive a reload, in the
 * tab only: draftStore.ts), the Common Objectives, your sheet, the others'
 * sheets on demand, the log, and the end screen with every breakdown. Below
 * 1000 px the action panel is a bottom sheet (gob-board.css); on a phone
 * held upright the page keeps the map clear of it; on a phone, upright or
 * held sideways, the banner offers a zoomed map. It decides no rule: it checks a plot with the move's own
 * check before sending it, and reports a move the server did not apply.
 *
 * Stable test ids: "gob-board", "banner", "turn-who", "gob-map",
 * targets ([data-target]), "departure-panel", "departure-<ticket>",
 * "departure-chosen", "plot-panel", "plot-prompt", "plot-markers",
 * "plot-marker-<i>", "take-back-<i>", "plot-preview", "plot-connections",
 * "add-extra", "cancel-extra", "plot-clear", "plot-confirm", "map-zoom" (a phone, upright
 * or held sideways), "waiting", "objectives", "my-sheet", "sheet-<id>" (an
 * opponent's summary, a button), "sheet-full-<id>", "log", "toast",
 * "gameover", "final-<id>", "gameover-close", "show-scores".
 */
import React, { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  NOTE_CLEAR,
  NOTE_CLEAR_IF_ROOM,
  TABLE_WAITING_TEXT,
  emptySeatText,
  emptySeats,
  playingSeat,
  waitingText,
  type ShellBoardProps,
} from '../../common/board-props';
import { graphOf } from '../graph';
import { checkPlot, turnError } from '../legal';
import { checkDeparture } from '../moves';
import type { GobState, PlayerID, PointId } from '../types';
import {
  BOARD_ROOT,
  focusOutside,
  useFocusKept,
  useMoveSender,
  useToasts,
  REFUSAL_MS,
} from '../../../client/boardHooks';
import { stickyTop } from '../../../client/stickyTop';
import { MapView, type MapTarget } from './MapView';
import { viewBoxOf } from './mapGeometry';
import { SheetView } from './SheetView';
import { SheetCompact } from './SheetCompact';
import { Banner } from './Banner';
import { DeparturePanel, LogPanel, Objectives, PlotPanel, pointName, spectatorDepartureText } from './Panels';
import { EndScreen } from './EndScreen';
import { cancelExtra, choosingExtra, EMPTY_DRAFT, pick, takeBack, viewDraft, type Draft } from './plotBuilder';
import { forgetDrafts, loadDraft, saveDraft } from './draftStore';
import { colourOf, nameOf, namesFrom, pawnsOf, routesOf, sheetPropsOf } from './sheetProps';
import { Help } from './Help';
import './gob-board.css';

export type GetOnBoardBoardProps = ShellBoardProps<GobState>;

/** The end of the newest plot in the log, anyone's: a zoomed map follows it while there is no plot to make here. */
function newestPlotEnd(G: GobState): PointId | undefined {
  for (let i = G.log.length - 1; i >= 0; i--) {
    const plot = G.log[i].plot;
    if (plot && plot.length > 0) return plot[plot.length - 1];
  }
  return undefined;
}

/**
 * Bring the map into view when the player has a departure or a plot to make: scroll the page up until the map's foot
 * clears the action panel where it is a bottom sheet over the map's foot (a phone held upright), or the window's foot
 * where the panel sits beside the map (a screen, or a phone held sideways, when the match page's invitation, switches
 * and chat push the board down), but never the banner past the window's top. Where the banner and the map do not
 * both fit above the sheet, the banner goes to the top, for as much of the map as the window holds (before, the page
 * did not scroll at all, the map hidden under the sheet but for its top row: at 360 × 640 the departures' sheet left
 * 10 px too few, before its words were made shorter on a phone).
 */
function keepMapClear(banner: HTMLElement | null, map: HTMLElement | null, sheet: HTMLElement | null): void {
  if (!banner || !map || !sheet) return;
  const fixed = getComputedStyle(sheet).position === 'fixed';
  mapAbove(banner, map, fixed ? sheet.getBoundingClientRect().top : window.innerHeight);
}

/**
 * Scrolls the page up until the map's foot is above `foot` (a y in the window), but never the banner past the top, nor
 * under a notice the page sticks there (a player who left: `stickyTop`).
 */
function mapAbove(banner: HTMLElement, map: HTMLElement, foot: number): void {
  const over = map.getBoundingClientRect().bottom - foot + 4;
  const room = banner.getBoundingClientRect().top - stickyTop();
  if (over > 0 && room > 0) window.scrollBy({ top: Math.min(over, room), behavior: 'instant' });
}

/**
 * Once the final scores are closed to look at the map: the banner in the window (its "Final scores" and "Zoom in": at
 * 360 × 640, the page as the last plot left it, the banner stood 34 px above the window's top, "Zoom in" out of
 * reach), and the whole map above the match page's end bar, whose room under the board the page names `--end-room`
 * (the map's bottom row stood under the bar at 1280 × 800).
 */
function mapAboveEndBar(banner: HTMLElement | null, map: HTMLElement | null): void {
  if (!banner || !map) return;
  const above = banner.getBoundingClientRect().top - stickyTop();
  if (above < 0) window.scrollBy({ top: above, behavior: 'instant' });
  const room = parseFloat(getComputedStyle(map).getPropertyValue('--end-room')) || 0;
  mapAbove(banner, map, window.innerHeight - room);
}

/** Changes whenever the game moves on (a plot, a choice, a new round). */
const fingerprint = (G: GobState) =>
  `${G.round}|${G.toPlay}|${G.log.length}|${G.order.map((p) => G.choices[p] ?? '-').join('')}`;

interface PlotMoves {
  plot(args: unknown): void;
  chooseDeparture(args: unknown): void;
}

export function GetOnBoardBoard(props: GetOnBoardBoardProps) {
  const { G, ctx, playerID, matchData, playerNames } = props;
  const moves = props.moves as unknown as PlotMoves;
  const names = useMemo(() => namesFrom(playerNames, matchData), [playerNames, matchData]);
  // The chair whose sheet and tickets show (a replay's too), and the seat that plays here: none in a replay.
  const chair: PlayerID | null = playerID != null && G.players[playerID] ? playerID : null;
  const me: PlayerID | null = playingSeat(props) === null ? null : chair;
  /** In a replay from a player's chair, that player's name: the board says "Ana's", not "your". */
  const chairName = me === null && chair !== null ? nameOf(names, chair) : null;
  // Online, the seats of the running match whose players left: the game waits for someone to take them.
  const empty = emptySeats(props);
  const map = graphOf(G.mapId).map;
  const viewBox = viewBoxOf(map);
  // While the socket is down (the page says so) the board is read-only: nothing is sent that could not arrive.
  const offline = props.isMultiplayer && props.isConnected === false;

  const over = !!G.result;
  // Until an online table is full, nobody chooses or plots: the map shows the deal, greyed.
  const seated = me !== null && !over && !props.tableWaiting;
  const choosing = seated && G.round === 0;
  const myPlot = seated && G.round > 0 && turnError(G, me) === null;
  // A plot in the making is kept in this tab for a reload (draftStore.ts), on a live board only (not a replay's).
  const keep = props.isActive && me !== null && props.matchID ? { matchID: props.matchID, seat: me } : null;

  const [draft, setDraft] = useState<Draft>(
    () => (keep && myPlot && loadDraft(keep.matchID, keep.seat, G)) || EMPTY_DRAFT,
  );
  const [hoverPoint, setHoverPoint] = useState<PointId | null>(null);
  const [hoverTicket, setHoverTicket] = useState<number | null>(null);
  const [sending, setSending] = useState(false);
  const [openSheet, setOpenSheet] = useState<PlayerID | null>(null);
  const [hideOver, setHideOver] = useState(false);
  useEffect(() => {
    if (over && hideOver && !props.replay) mapAboveEndBar(bannerRef.current, mapRef.current);
  }, [over, hideOver, props.replay]);
  const [zoomed, setZoomed] = useState(false);
  const { toasts, toast } = useToasts();
  const confirmRef = useRef<HTMLDivElement>(null);
  const bannerRef = useRef<HTMLElement>(null);
  const mapRef = useRef<HTMLDivElement>(null);

  // A new state clears the plot in the making. The sender also calls this as the board mounts, when the state
  // is the one the plot was restored for: that plot stays.
  const stateKey = fingerprint(G);
  const currentKey = useRef(stateKey);
  currentKey.current = stateKey;
  const draftMadeOn = useRef(stateKey);
  const reset = useCallback(() => {
    if (draftMadeOn.current === currentKey.current) return;
    draftMadeOn.current = currentKey.current;
    setDraft(EMPTY_DRAFT);
    setSending(false);
    setHoverPoint(null);
  }, []);
  const send = useMoveSender(stateKey, toast, reset);
  useEffect(() => {
    if (!sending) return;
    const t = setTimeout(() => setSending(false), REFUSAL_MS);
    return () => clearTimeout(t);
  }, [sending]);

  // The plot in the making, as it changes, is kept for this round; once the plot is not the seat's to make
  // (made, or the round, the game or the seat's line over), nothing is kept.
  const keptMatch = keep?.matchID;
  const keptRound = myPlot ? G.round : null;
  useEffect(() => {
    if (!keptMatch || me === null) return;
    if (keptRound === null) forgetDrafts(keptMatch, me);
    else saveDraft(keptMatch, me, keptRound, draft);
  }, [keptMatch, me, keptRound, draft]);

  const view = useMemo(() => (myPlot ? viewDraft(G, me, draft) : null), [G, me, draft, myPlot]);
  const readOnly = offline || sending;

  // Focus follows the plot: once it is whole, Confirm; after a pick made with the keyboard, the first next target.
  const rootRef = useRef<HTMLDivElement>(null);
  const byKeyboard = useRef(false);
  const complete = !!view?.args;
  useEffect(() => {
    if (complete) {
      confirmRef.current?.querySelector<HTMLButtonElement>('[data-testid="plot-confirm"]')?.focus();
    } else if (byKeyboard.current) {
      rootRef.current?.querySelector<SVGGElement>('.gob-target')?.focus();
    }
  }, [complete, draft]);
  // After an action, and as the board mounts, focus goes on to the next thing to do, never to the page's body (from
  // where the next Tab starts again at the top of the page): the map's first target (a departure, the plot's next
  // marker), else the panel or line that says what the board waits for.
  const focusNext = useCallback(() => {
    const root = rootRef.current;
    if (!root) return;
    const next =
      root.querySelector<SVGGElement>('.gob-target') ??
      root.querySelector<HTMLElement>(
        '[data-testid="plot-panel"], [data-testid="departure-panel"], [data-testid="waiting"], [data-testid="show-scores"]',
      );
    next?.focus({ preventScroll: true });
  }, []);
  const seat = me;
  useEffect(() => {
    const active = document.activeElement;
    if (seat !== null && (!active || active === document.body)) focusNext();
  }, [stateKey, seat, focusNext]);
  // A departure ticket once kept, Confirm while the plot is sent: focus goes on at once.
  useFocusKept(rootRef, byKeyboard, focusNext);
  // The targets stay clear of the bottom sheet as it grows with the plot.
  const acting = choosing || view !== null;
  useEffect(() => {
    if (!acting) return;
    // Not while the player is busy elsewhere on the page (boardHooks.ts): the chat they open above the board grows the
    // page too, and keeping the map clear then scrolled the open chat off the top of a phone's screen; the panel of
    // "Play on another device", open as the plot began, went off the top likewise.
    const keep = () =>
      focusOutside(rootRef.current) || keepMapClear(bannerRef.current, mapRef.current, confirmRef.current);
    keep();
    // The page may still grow above the board (a match page's notice, a seat chip that wraps): keep up with it.
    const grown = new ResizeObserver(keep);
    grown.observe(document.body);
    return () => grown.disconnect();
  }, [acting, draft]);

  const confirm = () => {
    if (!view?.args || me === null || readOnly) return;
    const why = checkPlot(G, me, view.args);
    if (why) return toast(why);
    const args = view.args;
    setSending(true);
    send('plot', () => moves.plot(args));
  };
  const choose = (ticket: number) => {
    if (me === null || readOnly) return;
    const why = checkDeparture(G, me, { ticket });
    if (why) return toast(why);
    setSending(true);
    send('chooseDeparture', () => moves.chooseDeparture({ ticket }));
  };

  // What the map offers: my departures, or the next marker of my plot.
  const graph = graphOf(G.mapId);
  let targets: MapTarget[] = [];
  if (!readOnly && choosing && G.choices[me] === null) {
    targets = G.offers[me].flatMap((t) => {
      const to = graph.departures.get(t);
      return to ? [{ to, eliminates: false, label: `Depart from ticket ${t}: ${pointName(G, to)}` }] : [];
    });
  } else if (!readOnly && view) {
    targets = view.targets.map((o) => ({ to: o.to, eliminates: o.eliminates, doomed: o.doomed }));
  }
  const onPick = (to: PointId) => {
    if (readOnly) return;
    if (choosing) {
      const ticket = G.offers[me].find((t) => graph.departures.get(t) === to);
      if (ticket !== undefined) choose(ticket);
      return;
    }
    if (view) setDraft((d) => pick(d, viewDraft(G, me!, d), to));
  };
  const onHover = (to: PointId | null) => {
    setHoverPoint(to);
    if (choosing) setHoverTicket(to ? (G.offers[me].find((t) => graph.departures.get(t) === to) ?? null) : null);
  };

  // Esc takes back the last marker: heard on the whole page, since a target clicked on the map is drawn anew and
  // focus falls to the page's body (a listener on the board alone never heard it). Not from a text field (chat).
  // While the Metro extra marker's place is being chosen, Esc drops that choice only (it took back the plot's last
  // marker, leaving the choice asked for).
  const escTakesBack = useRef<(() => boolean) | null>(null);
  escTakesBack.current = () => {
    if (!view || readOnly) return false;
    if (choosingExtra(view)) {
      setDraft(cancelExtra);
      return true;
    }
    if (view.placed.length === 0) return false;
    setDraft((d) => takeBack(d, view.placed.length - 1));
    return true;
  };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      const t = e.target as HTMLElement | null;
      const onPage = !t || t === document.body || t === document.documentElement;
      if (!onPage && !rootRef.current?.contains(t)) return;
      if (t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))) return;
      if (escTakesBack.current?.()) e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const departureText =
    chair === null
      ? spectatorDepartureText(G, names, empty, props.replay)
      : G.choices[chair] != null
        ? `${nameOf(names, chair)} keeps ticket ${G.choices[chair]}: departure ${G.choices[chair]}.`
        : `${nameOf(names, chair)} chooses between departures ${(G.offers[chair] ?? []).join(' and ')}.`;
  const lineEnd = me !== null ? G.players[me].line[G.players[me].line.length - 1] : undefined;
  const plot =
    view && lineEnd
      ? {
          player: me!,
          colour: colourOf(G, me!),
          points: [lineEnd, ...view.placed.map((o) => o.to)],
        }
      : undefined;
  const hoverOption = view?.targets.find((o) => o.to === hoverPoint) ?? null;
  const mySites = chair !== null ? (sheetPropsOf(G, chair, names).personal?.sites.map((s) => s.letter) ?? []) : [];
  const others = G.order.filter((p) => p !== chair);
  const toPlay = G.toPlay;

  return (
    <div
      ref={rootRef}
      className={`gob-board${props.replay ? ' in-replay' : ''}${props.tableWaiting ? ' table-waiting' : ''}`}
      data-testid="gob-board"
      {...{ [BOARD_ROOT]: '' }}
      onKeyDownCapture={() => (byKeyboard.current = true)}
      onPointerDownCapture={() => (byKeyboard.current = false)}
    >
      <Banner
        ref={bannerRef}
        G={G}
        mapName={map.name}
        names={names}
        chair={chair}
        me={me}
        chairName={chairName}
        tableWaiting={props.tableWaiting}
        zoomed={zoomed}
        onZoom={() => setZoomed(!zoomed)}
        onScores={over && hideOver ? () => setHideOver(false) : undefined}
      />
      {/* In a replay the end screen is in the board's flow, under the banner: the replay's timeline stays free. */}
      {over && !hideOver && props.replay && <EndScreen G={G} names={names} onClose={() => setHideOver(true)} inline />}
      <div className="gob-layout" style={{ '--gob-map-aspect': viewBox.width / viewBox.height } as React.CSSProperties}>
        {/* Hot-seat's "Ana's turn" stands off the map where the window has room for it elsewhere: above the sheet on a
            phone held upright it covered the map's corner for 4 s. Where it has none (held sideways, the plot panel
            filling the side column), over the map rather than over the panel. */}
        <div ref={mapRef} className="gob-mapcol" {...{ [NOTE_CLEAR]: NOTE_CLEAR_IF_ROOM }}>
          <MapView
            map={map}
            routes={routesOf(G, names)}
            pawns={pawnsOf(G, names, chair)}
            plot={plot}
            targets={targets}
            onPick={onPick}
            onHover={onHover}
            mySites={mySites}
            activeSpeedy={G.speedy ?? undefined}
            zoomed={zoomed}
            watch={newestPlotEnd(G)}
          />
        </div>
        <aside className="gob-side">
          <div ref={confirmRef} className="gob-action-slot">
            {choosing && (
              <DeparturePanel
                empty={empty}
                G={G}
                me={me}
                names={names}
                hover={hoverTicket}
                onHover={setHoverTicket}
                onChoose={choose}
              />
            )}
            {view && (
              <PlotPanel
                G={G}
                me={me!}
                view={view}
                hover={hoverOption}
                sending={sending}
                onTakeBack={(i) => !readOnly && setDraft((d) => takeBack(d, i))}
                onClear={() => !readOnly && setDraft(EMPTY_DRAFT)}
                onAddExtra={() => !readOnly && setDraft((d) => ({ ...d, addingExtra: true }))}
                onCancelExtra={() => !readOnly && setDraft(cancelExtra)}
                onConfirm={confirm}
              />
            )}
            {!choosing && !view && !over && (
              <p className="gob-panel gob-waiting" data-testid="waiting" role="status" tabIndex={-1}>
                {props.tableWaiting
                  ? TABLE_WAITING_TEXT
                  : chair !== null && G.players[chair].eliminated
                    ? chairName
                      ? `${chairName} is eliminated: their line stays on the map and scores nothing.`
                      : 'You are eliminated: your line stays on the map and scores nothing.'
                    : toPlay !== null
                      ? empty.has(toPlay)
                        ? emptySeatText(toPlay)
                        : waitingText(nameOf(names, toPlay), 'plot', props.replay)
                      : departureText}
              </p>
            )}
          </div>
          <Objectives G={G} names={names} />
          {chair !== null && (
            <div className="gob-my-sheet" data-testid="my-sheet">
              <SheetView {...sheetPropsOf(G, chair, names)} />
            </div>
          )}
          <section className="gob-panel" aria-label="Other players">
            <h3>{chair !== null ? 'Other players' : 'Players'}</h3>
            <div className="gob-others">
              {others.map((p) => (
                <button
                  key={p}
                  type="button"
                  className={`gob-other${openSheet === p ? ' gob-other--open' : ''}${toPlay === p ? ' gob-other--acting' : ''}`}
                  onClick={() => setOpenSheet(openSheet === p ? null : p)}
                  aria-expanded={openSheet === p}
                  data-testid={`sheet-${p}`}
                >
                  <SheetCompact {...sheetPropsOf(G, p, names)} />
                </button>
              ))}
            </div>
            {openSheet !== null && openSheet !== chair && G.players[openSheet] && (
              <div className="gob-other-full" data-testid={`sheet-full-${openSheet}`}>
                <SheetView {...sheetPropsOf(G, openSheet, names)} />
              </div>
            )}
          </section>
          <Help />
          <LogPanel G={G} names={names} />
        </aside>
      </div>
      <div className="gob-toasts" aria-live="assertive">
        {toasts.map((t) => (
          <div key={t.id} className="gob-toast" data-testid="toast" role="alert">
            {t.text}
          </div>
        ))}
      </div>
      {over && !hideOver && !props.replay && <EndScreen G={G} names={names} onClose={() => setHideOver(true)} />}
      {ctx.gameover && !G.result && <p className="gob-panel">The game is over.</p>}
    </div>
  );
}

export default GetOnBoardBoard;

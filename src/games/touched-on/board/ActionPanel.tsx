/**
 * The action panel: what the viewer may do now, built only from the rules'
 * legal-move functions. In the viewer's turn: the selected batch (count,
 * Priority Seat, Line), the selected Inspector or Power (with its targets),
 * draw, put a card out, end turn. Out of turn: the Appeal prompt to the
 * victim, the Tram Tracker choice to the chooser; everyone else sees who the
 * game is waiting for.
 */
import React from 'react';
import type { Ctx } from 'boardgame.io';
import { parseCard, type LineId } from '../data';
import type { CardId, PlayerID, TOState } from '../types';
import {
  checkAppeal,
  checkDraw,
  checkEndTurn,
  checkInspect,
  currentCarriage,
  legalBatches,
  legalFeetOnSeat,
  legalTrackerSwaps,
  legalTramTracker,
  peakBound,
} from '../legal';
import type { Actions } from './actions';
import { CardFace } from './CardFace';
import { cardLook } from './look';
import { cardName, playerLabel } from './logic';

/** The viewer's choices in progress. */
export interface Selection {
  /** A selected Inspector or Power (other than Priority Seat). */
  card: CardId | null;
  /** The Line of the batch being put together. */
  line: LineId | null;
  /** How many Evaders of that Line. */
  count: number;
  /** Whether a Priority Seat joins the batch. */
  seat: boolean;
  /** A dimmed card tapped to see why. */
  why: CardId | null;
  /** Tram Tracker: the card to take and the card to give. */
  take: CardId | null;
  give: CardId | null;
  /** Stuck hand: the card to put out. */
  putOut: CardId | null;
}

export const NO_SELECTION: Selection = {
  card: null,
  line: null,
  count: 0,
  seat: false,
  why: null,
  take: null,
  give: null,
  putOut: null,
};

interface Props {
  G: TOState;
  ctx: Pick<Ctx, 'currentPlayer' | 'gameover'>;
  me: PlayerID | null;
  names: Record<PlayerID, string>;
  sel: Selection;
  setSel: (patch: Partial<Selection>) => void;
  act: Actions;
  putOuts: CardId[];
}

function BatchSection({ G, ctx, me, sel, setSel, act }: Props & { me: PlayerID }) {
  const options = legalBatches(G, ctx, me);
  const opt = sel.line ? options.find((o) => o.line === sel.line) : undefined;
  const seatLines = options.filter((o) => o.prioritySeat);
  const max = opt ? Math.min(opt.maxEvaders, opt.maxCards - (sel.seat ? 1 : 0)) : 0;
  const total = sel.count + (sel.seat ? 1 : 0);
  return (
    <div className="action-section" data-testid="batch">
      <h4>Play Evaders</h4>
      {sel.line === null ? (
        <>
          <p>Priority Seat: choose the Line.</p>
          <div className="buttons">
            {seatLines.map((o) => (
              <button
                type="button"
                key={o.line}
                onClick={() => setSel({ line: o.line, count: 0 })}
                data-testid={`batch-line-${o.line}`}
              >
                Line {o.line}
              </button>
            ))}
          </div>
        </>
      ) : (
        <>
          <p>
            <b>
              {sel.count} Evader{sel.count === 1 ? '' : 's'} of line {sel.line}
            </b>
            {sel.seat ? ' + Priority Seat' : ''}
            {opt && opt.maxCards === 1 && <span className="muted"> · Peak Hour: 1 card only</span>}
          </p>
          {opt && opt.maxEvaders > 0 && (
            <div className="buttons" role="group" aria-label="How many Evaders">
              <button
                type="button"
                onClick={() => setSel({ count: Math.max(0, sel.count - 1) })}
                data-testid="batch-minus"
                aria-label="One Evader fewer"
              >
                −
              </button>
              <span className="batch-count" data-testid="batch-count" aria-live="polite">
                {sel.count}
              </span>
              <button
                type="button"
                onClick={() => setSel({ count: Math.min(max, sel.count + 1) })}
                data-testid="batch-plus"
                aria-label="One Evader more"
              >
                +
              </button>
              {max > 1 && (
                <button type="button" onClick={() => setSel({ count: max })} data-testid="batch-all">
                  All {max}
                </button>
              )}
            </div>
          )}
          {opt?.prioritySeat && (
            <label>
              <input
                type="checkbox"
                checked={sel.seat}
                onChange={(e) => setSel({ seat: e.target.checked })}
                data-testid="batch-seat"
              />{' '}
              Add my Priority Seat (counts towards the 9)
            </label>
          )}
        </>
      )}
      <div className="buttons">
        {sel.line && (
          <button
            type="button"
            className="primary"
            onClick={() => act.playBatch(sel.line!, sel.count, sel.seat)}
            data-testid="play-batch"
            disabled={total === 0}
          >
            Play {total} card{total === 1 ? '' : 's'} on line {sel.line}
          </button>
        )}
        <button type="button" onClick={() => setSel({ line: null, count: 0, seat: false })} data-testid="batch-cancel">
          Cancel
        </button>
      </div>
    </div>
  );
}

function CardSection({ G, ctx, me, names, sel, setSel, act }: Props & { me: PlayerID }) {
  const card = sel.card!;
  const c = parseCard(card);
  const cancel = (
    <button type="button" onClick={() => setSel({ card: null })} data-testid="card-cancel">
      Cancel
    </button>
  );
  if (!c) return null;
  if (c.kind === 'authorised' || c.kind === 'undercover') {
    const r = checkInspect(G, ctx, me, { card });
    return (
      <div className="action-section" data-testid="inspect-section">
        <h4>{cardName(card)}</h4>
        {typeof r === 'string' ? (
          <p className="muted">{r}</p>
        ) : (
          <p>
            Inspect the current carriage on line {r.line}: {playerLabel(r.victim, names)} takes back {r.evaders.length}{' '}
            Evader{r.evaders.length === 1 ? '' : 's'}
            {c.kind === 'undercover' ? ' (unless they Appeal)' : ' (an Appeal against an Authorised Inspector fails)'}.
          </p>
        )}
        <div className="buttons">
          <button type="button" className="primary" onClick={() => act.inspect(card)} data-testid="inspect">
            Inspect
          </button>
          {cancel}
        </div>
      </div>
    );
  }
  if (c.kind !== 'power') return null;
  const cur = currentCarriage(G);
  const body = (() => {
    switch (c.power) {
      case 'feetOnSeat':
        return (
          <>
            <p>Choose an opponent: they take back every Evader they played into the current carriage.</p>
            <div className="buttons">
              {legalFeetOnSeat(G, ctx, me).map((p) => {
                const n = cur?.cards.filter((pc) => pc.player === p && parseCard(pc.card)?.kind === 'evader').length;
                return (
                  <button type="button" key={p} onClick={() => act.feetOnSeat(p)} data-testid={`fos-target-${p}`}>
                    {playerLabel(p, names)} ({n} Evader{n === 1 ? '' : 's'})
                  </button>
                );
              })}
            </div>
          </>
        );
      case 'tramTracker':
        return (
          <>
            <p>Choose an opponent: they show you their hand; you take one card and give one back.</p>
            <div className="buttons">
              {legalTramTracker(G, ctx, me).map((p) => (
                <button type="button" key={p} onClick={() => act.tramTracker(p)} data-testid={`tracker-target-${p}`}>
                  {playerLabel(p, names)} ({G.players[p].handSize} cards)
                </button>
              ))}
            </div>
          </>
        );
      case 'peakHour':
        return (
          <>
            <p>Until your next turn, every other player may add only 1 card per turn.</p>
            <div className="buttons">
              <button type="button" className="primary" onClick={act.peakHour} data-testid="peak-hour">
                Play Peak Hour
              </button>
            </div>
          </>
        );
      case 'freeTramZone':
        return (
          <>
            <p>
              Place it on the current line{G.currentLine ? ` (${G.currentLine})` : ''}: no Inspector may be played there
              until a card goes on another Line.
            </p>
            <div className="buttons">
              <button type="button" className="primary" onClick={act.freeTramZone} data-testid="free-tram-zone">
                Place Free Tram Zone
              </button>
            </div>
          </>
        );
      case 'appeal':
        return (
          <>
            <p>Play it now as your Power, with no effect, just to get rid of it.</p>
            <div className="buttons">
              <button type="button" className="primary" onClick={act.shedAppeal} data-testid="shed-appeal">
                Play Appeal
              </button>
            </div>
          </>
        );
      case 'prioritySeat':
        return null;
    }
  })();
  return (
    <div className="action-section" data-testid="power-section">
      <h4>{cardName(card)}</h4>
      {body}
      <div className="buttons">{cancel}</div>
    </div>
  );
}

function TurnSection(props: Props & { me: PlayerID }) {
  const { G, ctx, me, sel, setSel, act, putOuts } = props;
  const t = G.turn;
  const canDraw = typeof checkDraw(G, ctx, me) !== 'string';
  const canEnd = checkEndTurn(G, ctx, me) === true;
  const batching = sel.line !== null || sel.seat;
  const done = [t.inspectorPlayed && 'Inspector', t.batchPlayed && 'Evaders', t.powerPlayed && 'Power']
    .filter(Boolean)
    .join(', ');
  return (
    <>
      <div className="action-section">
        <h4>Your turn</h4>
        <p className="hint">
          {done ? `Played this turn: ${done}. ` : ''}
          {peakBound(G, me) ? 'Peak Hour: you may add only 1 card. ' : ''}
          {!batching && !sel.card && !canDraw && putOuts.length === 0 && 'Tap a raised card in your hand to play it.'}
        </p>
      </div>
      {batching && <BatchSection {...props} me={me} />}
      {sel.card && <CardSection {...props} me={me} />}
      {canDraw && (
        <div className="action-section">
          <p>You have no playable card: draw one.</p>
          <div className="buttons">
            <button type="button" className="primary" onClick={act.draw} data-testid="draw">
              Draw a card
            </button>
          </div>
        </div>
      )}
      {putOuts.length > 0 && (
        <div className="action-section" data-testid="put-out">
          <p>
            You are stuck: nothing is playable and nothing can be drawn. Choose a card to put out of the journey (that
            is your turn).
          </p>
          <div className="choice-cards">
            {putOuts.map((c) => (
              <button
                type="button"
                key={c}
                className={sel.putOut === c ? 'on' : ''}
                onClick={() => setSel({ putOut: c })}
                data-testid={`putout-${c}`}
                aria-pressed={sel.putOut === c}
                aria-label={cardName(c)}
              >
                <CardFace look={cardLook(c)} />
              </button>
            ))}
          </div>
          {sel.putOut && (
            <div className="buttons">
              <button
                type="button"
                className="primary"
                onClick={() => act.putOut(sel.putOut!)}
                data-testid="put-out-confirm"
              >
                Put {cardName(sel.putOut)} out
              </button>
            </div>
          )}
        </div>
      )}
      {canEnd && (
        <div className="action-section">
          <div className="buttons">
            <button type="button" onClick={act.endTurn} data-testid="end-turn">
              End turn
            </button>
          </div>
        </div>
      )}
    </>
  );
}

function AppealPrompt({ G, ctx, me, names, act }: Props & { me: PlayerID }) {
  const p = G.pending as Extract<NonNullable<TOState['pending']>, { kind: 'appeal' }>;
  const r = checkAppeal(G, ctx, me);
  const what =
    p.source === 'feetOnSeat'
      ? 'Feet On Seat'
      : p.source === 'authorised'
        ? 'an Authorised Inspector'
        : 'an Undercover Inspector';
  return (
    <div className="prompt urgent" data-testid="appeal-prompt" role="alertdialog" aria-label="You are inspected">
      <h4>Tickets please!</h4>
      <p>
        {playerLabel(p.by, names)} caught you with {what} on line {p.line}: you take back {p.evaders.length} Evader
        {p.evaders.length === 1 ? '' : 's'}.
      </p>
      <p className="hint">
        {typeof r === 'string'
          ? r
          : r.success
            ? `An Appeal succeeds: ${playerLabel(p.by, names)} takes them instead.`
            : 'An Appeal against an Authorised Inspector fails, but it gets rid of the card.'}
      </p>
      <div className="buttons">
        <button type="button" className="primary" onClick={act.appeal} data-testid="appeal">
          Appeal
        </button>
        <button type="button" onClick={act.accept} data-testid="accept">
          Accept the fine
        </button>
      </div>
    </div>
  );
}

function TrackerPrompt({ G, me, names, sel, setSel, act }: Props & { me: PlayerID }) {
  const options = legalTrackerSwaps(G, me);
  const p = G.pending as Extract<NonNullable<TOState['pending']>, { kind: 'tracker' }>;
  const gives = options.find((o) => o.take === sel.take)?.give ?? [];
  return (
    <div className="prompt" data-testid="tracker-prompt">
      <h4>Tram Tracker: {playerLabel(p.target, names)}'s hand</h4>
      <p>Take one card:</p>
      <div className="choice-cards">
        {options.map((o) => (
          <button
            type="button"
            key={o.take}
            className={sel.take === o.take ? 'on' : ''}
            onClick={() => setSel({ take: o.take, give: null })}
            data-testid={`take-${o.take}`}
            aria-pressed={sel.take === o.take}
            aria-label={`Take ${cardName(o.take)}`}
          >
            <CardFace look={cardLook(o.take)} />
          </button>
        ))}
      </div>
      {sel.take && (
        <>
          <p>Give one of yours:</p>
          <div className="choice-cards">
            {gives.map((g) => (
              <button
                type="button"
                key={g}
                className={sel.give === g ? 'on' : ''}
                onClick={() => setSel({ give: g })}
                data-testid={`give-${g}`}
                aria-pressed={sel.give === g}
                aria-label={`Give ${cardName(g)}`}
              >
                <CardFace look={cardLook(g)} />
              </button>
            ))}
          </div>
        </>
      )}
      <div className="buttons">
        <button
          type="button"
          className="primary"
          disabled={!sel.take || !sel.give}
          onClick={() => sel.take && sel.give && act.trackerSwap(sel.take, sel.give)}
          data-testid="tracker-swap"
        >
          {sel.take && sel.give ? `Take ${cardName(sel.take)}, give ${cardName(sel.give)}` : 'Take and give'}
        </button>
      </div>
    </div>
  );
}

/** The action panel. */
export function ActionPanel(props: Props) {
  const { G, ctx, me, names } = props;
  if (ctx.gameover || G.gameOver) return null;
  const pending = G.pending;
  if (pending) {
    if (me !== null && pending.player === me) {
      return (
        <section className="panel to-actions" data-testid="actions">
          {pending.kind === 'appeal' ? <AppealPrompt {...props} me={me} /> : <TrackerPrompt {...props} me={me} />}
        </section>
      );
    }
    const what =
      pending.kind === 'appeal'
        ? 'decide whether to Appeal'
        : `take a card from ${pending.target === me ? 'you' : playerLabel(pending.target, names)}`;
    return (
      <section className="panel to-actions" data-testid="actions">
        <p className="waiting" data-testid="waiting">
          Waiting for {playerLabel(pending.player, names)} to {what}…
        </p>
      </section>
    );
  }
  if (me === null || me !== ctx.currentPlayer) {
    return (
      <section className="panel to-actions" data-testid="actions">
        <p className="waiting" data-testid="waiting">
          Waiting for {playerLabel(ctx.currentPlayer, names)} to play…
        </p>
        {me !== null && G.players[me]?.out && <p className="muted">You have finished this journey.</p>}
      </section>
    );
  }
  return (
    <section className="panel to-actions" data-testid="actions">
      <TurnSection {...props} me={me} />
    </section>
  );
}

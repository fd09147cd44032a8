/**
 * The action panel: what the viewer may do now, built only from the rules'
 * legal-move functions. In the viewer's turn: the selected batch (count,
 * Priority Seat, Line), the selected Inspector or Power (with its targets),
 * draw, put a card out, end turn. Out of turn: the Appeal prompt to the
 * victim, the Tram Tracker choice to the chooser; everyone else sees who the
 * game is waiting for.
 */
import { TABLE_WAITING_TEXT, emptySeatText, waitingText } from '../../common/board-props';
import React from 'react';
import type { PlayerID } from '../types';
import { checkDraw, checkEndTurn, peakBound } from '../legal';
import { CardFace } from './CardFace';
import { cardLook } from './look';
import { cardName, playerLabel } from './logic';
import { AppealPrompt, TrackerPrompt } from './Prompts';
import { BatchSection, CardSection } from './TurnSections';
import type { PanelProps } from './selection';

export { NO_SELECTION, type Selection } from './selection';

function TurnSection(props: PanelProps & { me: PlayerID }) {
  const { G, ctx, me, sel, setSel, act, putOuts } = props;
  const t = G.turn;
  const canDraw = typeof checkDraw(G, ctx, me) !== 'string';
  const canEnd = checkEndTurn(G, ctx, me) === true;
  const batching = sel.line !== null || sel.seat;
  const done = [t.inspectorPlayed && 'Inspector', t.batchPlayed && 'Evaders', t.powerPlayed && 'Power']
    .filter(Boolean)
    .join(', ');
  const hint = [
    done && `Played this turn: ${done}.`,
    peakBound(G, me) && 'Peak Hour: you may add only 1 card.',
    !batching && !sel.card && !canDraw && putOuts.length === 0 && 'Choose a raised card in your hand to play it.',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <>
      {/* With nothing to say but "Your turn" (a batch or a card chosen, the banner saying it already), the phone's
          sheet leaves this out: the table above it keeps the room. */}
      <div className={`action-section turn-head${hint ? '' : ' bare'}`}>
        <h4>Your turn</h4>
        <p className="hint">{hint}</p>
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

/** What the panel says while the game waits for `player`: what they are to do, or that their seat is empty. */
function WaitingFor({
  player,
  what,
  names,
  empty,
  replay,
}: Pick<PanelProps, 'names' | 'empty' | 'replay'> & { player: PlayerID; what: string }) {
  // The player left a running match: nobody is there to play. The page's notice above the board names them and
  // offers the seat to a bot.
  if (empty?.has(player))
    return (
      <p className="waiting" data-testid="waiting">
        {emptySeatText(player)}
      </p>
    );
  return (
    <p className="waiting" data-testid="waiting">
      {waitingText(playerLabel(player, names), what, replay)}
    </p>
  );
}

/** The action panel. */
export function ActionPanel(props: PanelProps) {
  const { G, ctx, me, names, empty, replay } = props;
  if (ctx.gameover || G.gameOver) return null;
  if (props.tableWaiting)
    return (
      <section className="panel to-actions" data-testid="actions" tabIndex={-1} aria-label="Actions">
        <p className="waiting" data-testid="waiting">
          {TABLE_WAITING_TEXT}
        </p>
      </section>
    );
  const pending = G.pending;
  if (pending) {
    if (me !== null && pending.player === me) {
      // The Tram Tracker's sheet on a phone may take more of the window than the others (board.css).
      const kind = pending.kind === 'tracker' ? ' tracker-sheet' : '';
      return (
        <section className={`panel to-actions${kind}`} data-testid="actions" tabIndex={-1} aria-label="Actions">
          {pending.kind === 'appeal' ? <AppealPrompt {...props} me={me} /> : <TrackerPrompt {...props} me={me} />}
        </section>
      );
    }
    let what = 'decide whether to Appeal';
    if (pending.kind === 'tracker') {
      const you = pending.target === me;
      const whom = you ? 'you' : playerLabel(pending.target, names);
      // A chooser with no card left (their hand size is public) only looks: they have nothing to give.
      what =
        G.players[pending.player].handSize === 0
          ? `look at ${you ? 'your' : `${whom}'s`} hand`
          : `swap a card with ${whom}`;
    }
    return (
      <section className="panel to-actions" data-testid="actions" tabIndex={-1} aria-label="Actions">
        <WaitingFor player={pending.player} what={what} names={names} empty={empty} replay={replay} />
      </section>
    );
  }
  if (me === null || me !== ctx.currentPlayer) {
    return (
      <section className="panel to-actions" data-testid="actions" tabIndex={-1} aria-label="Actions">
        <WaitingFor player={ctx.currentPlayer} what="play" names={names} empty={empty} replay={replay} />
        {me !== null && G.players[me]?.out && <p className="muted">You have finished this journey.</p>}
      </section>
    );
  }
  return (
    <section className="panel to-actions" data-testid="actions" tabIndex={-1} aria-label="Actions">
      <TurnSection {...props} me={me} />
    </section>
  );
}

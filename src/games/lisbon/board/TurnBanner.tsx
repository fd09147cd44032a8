/** The turn banner: whose turn, actions left, bonuses still unused this turn, the final round. */
import React from 'react';
import { BellIcon } from './Icons';
import type { Ctx } from 'boardgame.io';
import type { GState, PlayerID } from '../types';
import { actionsLeft, draw3Available, freeMoveAvailable, maxActions, scoreOf } from '../selectors';
import { playerLabel, TRAM_STYLE } from './logic';
import { withoutBotLevel } from '../../common/names';
import { BOARD_BANNER, BOARD_BANNER_LEAD, emptySeatLabel, waitingBadge } from '../../common/board-props';

/** The banner across the top of the board. */
export function TurnBanner({
  G,
  ctx,
  me,
  names,
  tableWaiting,
  empty,
  replay,
}: {
  G: GState;
  ctx: Ctx;
  me: PlayerID | null;
  names: Record<PlayerID, string>;
  /** An online match still waiting for its table: nobody's turn has begun. */
  tableWaiting?: boolean;
  /** Seats nobody holds (their player left the running match). */
  empty?: ReadonlySet<PlayerID>;
  /** A replay's step: nobody is waited for. */
  replay?: boolean;
}) {
  const cur = ctx.currentPlayer;
  const st = TRAM_STYLE[G.players[cur].color];
  const mine = me === cur && !tableWaiting;
  const left = actionsLeft(G, cur);
  const max = maxActions(G, cur);
  return (
    <header className={`turn-banner ${BOARD_BANNER}${mine ? ' mine' : ''}`} data-testid="turn-banner">
      {/* Whose turn and how it stands: the banner's first line, which keeps the floating Take back's room alone on a
          phone where it wraps beside it (BOARD_BANNER_LEAD); its items are the banner's own otherwise (board.css). */}
      <span className={`turn-status ${BOARD_BANNER_LEAD}`}>
        {ctx.gameover ? (
          <span className="turn-who">Game over</span>
        ) : tableWaiting ? (
          <span className="turn-who">Waiting for players</span>
        ) : (
          <>
            <span className="turn-who">
              <span className="tram-chip" style={{ background: st.fill, borderColor: st.stroke }} />
              {mine ? 'Your turn' : <span className="who-name">{`${playerLabel(G, cur, names)}'s turn`}</span>}
            </span>
            <span className="pips" title={`${left} of ${max} actions left`} data-testid="actions-left">
              {Array.from({ length: max }, (_, i) => (
                <span key={i} className={`pip${i < left ? ' on' : ''}`} />
              ))}
              <span className="pips-text">
                {left} of {max} action{max > 1 ? 's' : ''} left
              </span>
            </span>
            {freeMoveAvailable(G, cur) && <span className="badge">★ Free move ready</span>}
            {draw3Available(G, cur) && (
              <span className="badge">
                <BellIcon size={12} /> Draw-3 ready
              </span>
            )}
            {G.pending && (
              <span className="badge wait">
                {G.pending.player === me
                  ? 'Your decision!'
                  : empty?.has(G.pending.player)
                    ? emptySeatLabel(G.pending.player)
                    : waitingBadge(playerLabel(G, G.pending.player, names), replay)}
              </span>
            )}
          </>
        )}
        {G.endTriggered && !ctx.gameover && (
          <span
            className="final-round"
            data-testid="final-round"
            title="The last face-up Monument card is out: the round is completed, then the game ends."
          >
            Final round
          </span>
        )}
      </span>
      <span className="banner-scores">
        {ctx.playOrder.map((id) => {
          const ps = TRAM_STYLE[G.players[id].color];
          return (
            <span
              key={id}
              className={`banner-score${id === cur ? ' current' : ''}`}
              title={`${playerLabel(G, id, names)}: ${scoreOf(G, id).total} VP, ${G.players[id].handSize} ticket${G.players[id].handSize === 1 ? '' : 's'}`}
              data-testid={`banner-score-${id}`}
            >
              <span className="tram-chip" style={{ background: ps.fill, borderColor: ps.stroke }} />
              <span className="pname">{withoutBotLevel(playerLabel(G, id, names))}</span> <b>{scoreOf(G, id).total}</b>{' '}
              VP
            </span>
          );
        })}
      </span>
      <span className="turn-no">Turn {ctx.turn}</span>
    </header>
  );
}

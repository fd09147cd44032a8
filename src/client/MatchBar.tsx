/**
 * The match page's top bar: the invitation link while the table waits for
 * players (once every seat is taken, or in a running match whose player left,
 * a small button that copies the link; for a spectator, that they are
 * watching, and the way to the join form while a seat is open), the seats
 * (with bots for open seats: not while the waiting room offers them, nor for
 * a seat a player left, which LeftSeats offers; in a running match, that it
 * is under way with seats open, not that it waits for players), how many
 * watch, "Play on another device" (Handover.tsx) and Leave.
 */
import { useEffect, useRef, useState } from 'react';
import { describeError, forgetSeat, lobby, openSeats, seatBot, type Match, type StoredSeat } from './lobbyApi';
import { navigate, shareLink } from './route';
import { seatStyle, spectatorUnseen, useGame } from './games';
import { BOT_LEVELS, botLevelOf, type BotLevel } from './seats';
import { leftOpenSeats, rememberLeft, runningWithLeaver } from './LeftSeats';
import { SeatDot } from './SeatDot';
import { ConfirmBox } from './Confirm';
import { CopyStatus, useCopied } from './useCopied';
import { HandoverPanel, QrCode } from './Handover';
import { LoopbackNote } from './LoopbackNote';

/** Share link, seats and Leave. */
export function MatchBar(props: {
  matchID: string;
  match: Match | null;
  seat: StoredSeat | null;
  /** This browser watches the match without a seat. */
  watching: boolean;
  /** What the watcher does not see at the board's state (`spectatorUnseen`); undefined before the board has one. */
  unseen?: string | null;
  /** A watcher asks for the join form (offered while a seat is open in a match not over). */
  onTakeSeat?: () => void;
  onLeft: () => void;
  /** This page's Leave is under way (true), or done or failed (false). */
  onLeaving?: (leaving: boolean) => void;
  onError: (e: string) => void;
  /** The seats changed (a bot was added). */
  onChanged: () => void;
  /** The board's waiting room is open and offers the bots itself. */
  waitingRoom?: boolean;
  /** This browser's connection is down: the seats' connections as last heard may be out of date. */
  offline?: boolean;
  /** The server no longer lists this browser's seat as its (the page says so): no link to it is offered. */
  released?: boolean;
}) {
  const { matchID, match, seat } = props;
  const [leaving, setLeaving] = useState(false);
  // "Leave match" asks first, in place (the site's own question, as "Forget" and "Close match" ask).
  const [asking, setAsking] = useState(false);
  const [adding, setAdding] = useState(false);
  const [handingOver, setHandingOver] = useState(false);
  const handover = !!(seat && handingOver && match?.gameover === undefined);
  // The panel gone with focus in it (Close, Esc, or what it showed gone): focus comes to what took its place.
  const wasHandover = useRef(false);
  useEffect(() => {
    if (wasHandover.current && !handover && (!document.activeElement || document.activeElement === document.body))
      focusAfterHandover();
    wasHandover.current = handover;
  }, [handover]);
  // The invitation as a QR code, for friends at the same table to scan.
  const [showQr, setShowQr] = useState(false);
  const game = useGame();
  const unseen = props.unseen === undefined ? spectatorUnseen(game) : props.unseen;
  const link = shareLink(game.def.id, matchID);
  const { copied, copy } = useCopied(link);
  const leave = async () => {
    if (!seat) return;
    setLeaving(true);
    props.onLeaving?.(true);
    try {
      await lobby.leaveMatch(game.def.id, matchID, { playerID: seat.playerID, credentials: seat.credentials });
      forgetSeat(matchID);
      // Its page, opened again, then speaks to this browser of the seat it left (LeftSeats.tsx).
      rememberLeft(seat);
      props.onLeft();
      navigate({ page: 'lobby', game: game.def.id });
    } catch (err) {
      props.onError(describeError(err, 'leave'));
    } finally {
      props.onLeaving?.(false);
      setLeaving(false);
      setAsking(false);
    }
  };
  const addBot = async (id: number, level: BotLevel) => {
    if (!seat) return;
    setAdding(true);
    try {
      await seatBot(matchID, id, level, seat);
      props.onError('');
      props.onChanged();
    } catch (err) {
      props.onError(describeError(err, 'bot'));
    } finally {
      setAdding(false);
    }
  };
  const open = match ? openSeats(match) : [];
  const waiting = open.length;
  const left = leftOpenSeats(match);
  // A match under way whose player left: its open seats are not a table waiting to fill, and it invites nobody.
  const running = runningWithLeaver(match);
  // Everyone watching without a seat, less this browser when it is one of them.
  const others = Math.max(0, (match?.spectators ?? 0) - (props.watching ? 1 : 0));
  // A visitor with no seat (the invitation's own page, before Join) invites nobody: the link to share and "Waiting for
  // 2 more" above "Join this match" read as if they were in already.
  const hidden = !seat && waiting > 0 && !running;
  return (
    <div className="match-bar">
      {props.watching ? (
        <p className="watching" data-testid="watching">
          <strong>You are watching</strong> this match: you see what every player may see
          {unseen ? `, and ${unseen}` : ''}.
          {props.onTakeSeat && match && match.gameover === undefined && waiting > 0 && (
            <>
              {' '}
              <button type="button" className="ghost small" onClick={props.onTakeSeat} data-testid="take-seat">
                {waiting === 1 ? 'Take the open seat' : 'Take a seat'}
              </button>
            </>
          )}
        </p>
      ) : !match || hidden ? null : waiting === 0 || running ? (
        // Every seat is taken, or the game is under way: the link is for people to watch (or, in a running match, for
        // whoever its leaver sends to take the seat back), so it takes one small button.
        <div className="share compact">
          <button
            type="button"
            className="ghost small"
            onClick={copy}
            title={
              waiting === 0
                ? `Copy this match's link for people to watch it: ${link}`
                : `Copy this match's link, to watch it or to take its open seat: ${link}`
            }
            data-testid="copy-watch-link"
          >
            {copied === 'copied' ? (
              'Link copied'
            ) : waiting === 0 ? (
              // On a phone its row also holds "Other device" and "Leave match".
              <>
                <span className="wide-only">Copy the link to watch</span>
                <span className="narrow-only">Link to watch</span>
              </>
            ) : (
              "Copy the match's link"
            )}
          </button>
          <CopyStatus copied={copied} testid="copy-status" link={link} />
        </div>
      ) : (
        <div className="share">
          <label className="label" htmlFor="share-link">
            Invite with this link
          </label>
          <div className="share-row">
            <input id="share-link" readOnly value={link} onFocus={(e) => e.target.select()} data-testid="share-link" />
            <button type="button" onClick={copy} data-testid="copy-link">
              {copied === 'copied' ? 'Copied' : 'Copy'}
            </button>
            <button
              type="button"
              className="ghost"
              aria-expanded={showQr}
              onClick={() => setShowQr((v) => !v)}
              data-testid="share-qr-toggle"
            >
              QR code
            </button>
          </div>
          <CopyStatus copied={copied} testid="copy-status" />
          {showQr && (
            <div className="share-qr" id="share-qr" data-testid="share-qr-box">
              <QrCode text={link} size={160} label="QR code of the invitation link" testid="share-qr" />
              <div className="share-qr-text">
                <p className="muted">Friends beside you can scan it with a phone to open the invitation.</p>
                <LoopbackNote testid="share-local" />
              </div>
            </div>
          )}
        </div>
      )}
      <div className="seats-status" data-testid="seats-status">
        {match?.players.map((p) => (
          <span
            key={p.id}
            className={`seat-chip${p.name ? '' : ' empty'}${p.name && !props.offline ? (p.isConnected ? ' online' : ' away') : ''}`}
            style={seatStyle(game, p.id)}
            title={chipTitle(p, !!props.offline)}
            data-testid={`seat-chip-${p.id}`}
          >
            <SeatDot game={game} seat={p.id} size={12} />
            <span className="chip-name">{p.name ?? 'open'}</span>
            {seat && String(p.id) === seat.playerID && (
              <>
                {' '}
                <span className="chip-note">(you)</span>
              </>
            )}
          </span>
        ))}
        {seat &&
          !props.waitingRoom &&
          !match?.gameover &&
          match?.players
            .filter((p) => !p.name && !left.has(p.id))
            .map((p) => (
              <select
                key={`bot-${p.id}`}
                className="add-bot"
                aria-label={`Add a bot in seat ${p.id + 1}`}
                data-testid={`add-bot-${p.id}`}
                value=""
                disabled={adding}
                onChange={(e) => e.target.value && void addBot(p.id, e.target.value as BotLevel)}
              >
                <option value="">Bot in seat {p.id + 1}…</option>
                {BOT_LEVELS.map((l) => (
                  <option key={l} value={l}>
                    {l[0].toUpperCase() + l.slice(1)} bot
                  </option>
                ))}
              </select>
            ))}
        {waiting > 0 &&
          (running ? (
            <span className="muted" data-testid="seats-open">
              Game under way: {waiting === 1 ? 'seat' : 'seats'} {seatList(open)} {waiting === 1 ? 'is' : 'are'} open
              until someone takes {waiting === 1 ? 'it' : 'them'}
            </span>
          ) : hidden ? (
            // To a visitor deciding whether to join, the table's state, not a wait they are not part of yet.
            <span className="muted" data-testid="seats-open">
              {waiting} {waiting === 1 ? 'seat' : 'seats'} open
            </span>
          ) : (
            <span className="muted">Waiting for {waiting} more</span>
          ))}
        {others > 0 && (
          <span
            className="watchers muted"
            data-testid="spectators"
            title={`${others} ${others === 1 ? 'person watches' : 'people watch'} this match without a seat`}
          >
            <svg viewBox="0 0 24 16" width="20" height="14" aria-hidden="true">
              <path d="M1 8 C5 1 19 1 23 8 C19 15 5 15 1 8 Z" fill="none" stroke="currentColor" strokeWidth="2" />
              <circle cx="12" cy="8" r="3.5" fill="currentColor" />
            </svg>{' '}
            {props.watching ? `${others} other${others === 1 ? '' : 's'} watching` : `${others} watching`}
          </span>
        )}
      </div>
      {/* "Other device" and Leave stay together at the bar's end: apart, Leave wrapped onto a row of its own at the
          bar's left edge, a row under "Other device" (844 × 390, 1024 × 768). */}
      {seat && !props.released && (
        <div className="bar-actions">
          {match && match.gameover === undefined && (
            <button
              type="button"
              className="ghost small"
              aria-expanded={handingOver}
              onClick={() => setHandingOver((v) => !v)}
              aria-label="Play on another device"
              data-testid="handover-open"
            >
              {/* Short below 900 px wide (styles.css): the long one put "Leave match" on a row of its own at 768 px. */}
              <span className="handover-long">Play on another device</span>
              <span className="handover-short">Other device</span>
            </button>
          )}
          {/* A released seat has nothing to leave (its key is void): its notice offers to forget it instead. */}
          <button
            type="button"
            className="ghost danger"
            disabled={leaving}
            aria-haspopup="dialog"
            aria-expanded={asking}
            onClick={() => setAsking(true)}
            data-testid="leave-match"
          >
            {leaving ? (
              'Leaving…'
            ) : (
              <>
                Leave<span className="wide-only"> match</span>
              </>
            )}
          </button>
        </div>
      )}
      {seat && handover && (
        <HandoverPanel
          gameId={game.def.id}
          matchID={matchID}
          seat={seat}
          released={!!props.released}
          onClose={() => setHandingOver(false)}
        />
      )}
      {seat && asking && !props.released && (
        <ConfirmBox
          title="Leave this match?"
          text="Your seat is freed for someone else to take."
          keepLabel="Stay"
          yesLabel="Leave"
          busy={leaving}
          onKeep={() => {
            setAsking(false);
            // Back to the button that asked, once the question has gone.
            setTimeout(() => document.querySelector<HTMLElement>('[data-testid="leave-match"]')?.focus());
          }}
          onYes={() => void leave()}
          testid="leave-confirm"
          keepTestid="leave-stay"
          yesTestid="leave-yes"
          className="confirm-leave"
        />
      )}
    </div>
  );
}

/**
 * Where focus goes once the panel of "Play on another device" has closed with focus in it: back to the button that
 * opened it, while it is offered; else to what took its place: a dialog the board opened (the final scores of a match
 * that ended meanwhile, focused whole, so a screen reader reads its name and its heading), the seat's "Forget it" once
 * the page has said that the seat was released, the game-over bar's first control; else the page's main region.
 */
const AFTER_HANDOVER = [
  '[data-testid="handover-open"]',
  '[role="dialog"]',
  '[data-testid="seat-forget"]',
  '[data-testid="game-over-bar"] :is(a, button)',
  'main',
];

function focusAfterHandover(): void {
  for (const selector of AFTER_HANDOVER) {
    const to = document.querySelector<HTMLElement>(selector);
    if (!to) continue;
    if (to.tabIndex < 0 && !to.hasAttribute('tabindex')) to.tabIndex = -1;
    return to.focus();
  }
}

/** Seat numbers as words: "2", "2 and 3", "1, 2 and 4". */
function seatList(ids: number[]): string {
  const n = ids.map((id) => String(id + 1));
  return n.length < 2 ? n.join('') : `${n.slice(0, -1).join(', ')} and ${n[n.length - 1]}`;
}

/** What a seat chip says on hover: who holds the seat, and whether they are connected as far as this browser knows. */
function chipTitle(p: Match['players'][number], offline: boolean): string {
  if (!p.name) return 'Open seat';
  if (botLevelOf(p)) return `${p.name}: a bot, played by the server`;
  if (offline) return `${p.name} (not known while you are offline)`;
  return `${p.name} (${p.isConnected ? 'connected' : 'not connected'})`;
}

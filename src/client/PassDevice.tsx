/** The screen between two human players in hot-seat: it hides the board and what only the next player may see (a hand, a secret choice) until they are ready. */
import { seatStyle, useGame } from './games';
import type { Recap } from './hotseatRecap';
import { SeatDot } from './SeatDot';

/**
 * "Pass the device to <name>". It takes the board's place in the page, whose header and "Quit game" stay in use: a
 * dialog, but not a modal one (it once said aria-modal, which tells a screen reader the rest of the page is hidden
 * while Tab still reached it). With `recap`, it first says what the last player's final action did, in the game's
 * log lines (public), since the device went on as they made it ("Ana rang the bell: drew red").
 */
export function PassDevice(props: {
  seat: string;
  name: string;
  reason: string;
  recap?: (Recap & { name: string }) | null;
  onReady: () => void;
}) {
  const game = useGame();
  const { recap } = props;
  return (
    <div
      className="pass-device"
      role="dialog"
      aria-labelledby="pass-title"
      aria-describedby={recap ? 'pass-recap' : undefined}
      data-testid="pass-device"
    >
      <div className={`pass-card${recap ? ' with-recap' : ''}`} style={seatStyle(game, props.seat)}>
        {recap && (
          <section className="pass-recap" id="pass-recap" data-testid="pass-recap" style={seatStyle(game, recap.seat)}>
            <p className="pass-recap-title">
              <SeatDot game={game} seat={recap.seat} size={14} /> {recap.name}'s last action
            </p>
            <ul>
              {recap.lines.map((line, i) => (
                <li key={i}>{line}</li>
              ))}
            </ul>
            {recap.more > 0 && <p className="muted">…and {recap.more} more in the log.</p>}
          </section>
        )}
        <SeatDot game={game} seat={props.seat} size={36} />
        <h2 id="pass-title">
          Pass the device to <strong data-testid="pass-name">{props.name}</strong>
        </h2>
        <p className="muted">{props.reason}</p>
        <button type="button" className="primary big" autoFocus onClick={props.onReady} data-testid="pass-ready">
          I am {props.name}: show my screen
        </button>
      </div>
    </div>
  );
}

/**
 * Playing one seat from another device. A seat's key (its credentials) lives in the browser that joined; its
 * player can hand the seat over to a phone or another computer with a link that holds the key (`handoverLink`),
 * shown with a QR code in the match bar. Opened there, the link is checked with the server (a rename of the seat
 * to the name it has, which boardgame.io allows only with the seat's key), kept like a seat joined there, and
 * dropped from the address bar. Both devices then play the seat, as two tabs of one browser do.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { describeError, httpStatus, loadName, loadSeat, lobby, saveName, saveSeat, type StoredSeat } from './lobbyApi';
import { handoverLink, replaceRoute, type Handover } from './route';
import { LoopbackNote } from './LoopbackNote';
import { CopyStatus, useCopied } from './useCopied';
import { botLevelOf } from './seats';

/** A seat number for people (seats count from 1). */
const seatNo = (playerID: string) => Number(playerID) + 1;

/**
 * Check the seat a handover link names: the seat for this browser to keep for the match, or a sentence saying why not.
 * Empty when the page says it better itself (no such match: the page's own read finds that).
 */
async function takeSeat(gameId: string, matchID: string, h: Handover): Promise<StoredSeat | string> {
  const held = loadSeat(matchID);
  if (held && held.playerID === h.playerID && held.credentials === h.credentials) return held;
  if (held && held.playerID !== h.playerID) {
    return (
      `This browser already plays seat ${seatNo(held.playerID)} of this match, as ${held.playerName}, so the link ` +
      `for seat ${seatNo(h.playerID)} was not used here. Open it in another browser, or leave seat ` +
      `${seatNo(held.playerID)} first.`
    );
  }
  let name: string;
  try {
    const match = await lobby.getMatch(gameId, matchID);
    const seat = match.players.find((p) => String(p.id) === h.playerID);
    if (!seat) return `This match has no seat ${seatNo(h.playerID)}: the link is not one this site made.`;
    if (!seat.name || botLevelOf(seat)) {
      return (
        `This link no longer plays seat ${seatNo(h.playerID)}: its player has left it` +
        `${seat.name ? ', and a bot plays it now' : ''}.`
      );
    }
    name = seat.name;
  } catch (err) {
    const status = httpStatus(err);
    return status === 404 || status === 400 ? '' : describeError(err, 'handover');
  }
  try {
    // The seat keeps its name: the server checks the key, and changes nothing else.
    await lobby.updatePlayer(gameId, matchID, { playerID: h.playerID, credentials: h.credentials, newName: name });
  } catch (err) {
    if (httpStatus(err) === 403 && held?.playerID === h.playerID) {
      return (
        `This browser already plays seat ${seatNo(h.playerID)} of this match, as ${held.playerName}; the link holds ` +
        'an older key of the seat, so it was not used.'
      );
    }
    if (httpStatus(err) === 403) {
      return (
        `This link no longer plays seat ${seatNo(h.playerID)}: the seat has been left or joined again since the ` +
        'link was made. Ask the device that plays it for a new one.'
      );
    }
    return describeError(err, 'handover');
  }
  return { gameId, matchID, playerID: h.playerID, credentials: h.credentials, playerName: name, joinedAt: Date.now() };
}

/**
 * A handover link's seat, taken when the page opens: `checking` until the server has answered, then `error` (why
 * the seat was not taken) or `onTaken` with the seat. Either way the key leaves the address bar.
 */
export function useHandover(
  gameId: string,
  matchID: string,
  handover: Handover | undefined,
  onTaken: (seat: StoredSeat) => void,
): { checking: boolean; error: string; dismiss: () => void } {
  const [checking, setChecking] = useState(!!handover);
  const [error, setError] = useState('');
  const playerID = handover?.playerID;
  const credentials = handover?.credentials;
  useEffect(() => {
    if (playerID === undefined || credentials === undefined) return;
    let current = true;
    setChecking(true);
    // A link opened again in this tab (another key): the last one's refusal is not this one's.
    setError('');
    void takeSeat(gameId, matchID, { playerID, credentials }).then((result) => {
      // Kept only while the address still holds this key: an answer that comes after it left keeps nothing.
      if (!current) return;
      replaceRoute({ page: 'match', game: gameId, matchID });
      setChecking(false);
      if (typeof result === 'string') return setError(result);
      saveSeat(result);
      // The next match joined on this device offers the same name, unless it already has one of its own.
      if (!loadName()) saveName(result.playerName);
      onTaken(result);
    });
    return () => {
      current = false;
      // The address no longer holds the key (edited, or the link opened again with another): the page shows what
      // it would without the link, not "Opening your seat…" for an answer it will ignore.
      setChecking(false);
    };
    // `onTaken` is the page's, made anew at each render: the link, not the callback, decides when to take a seat.
  }, [gameId, matchID, playerID, credentials]);
  return { checking, error, dismiss: () => setError('') };
}

/** The dark modules of `text`'s QR code as one SVG path, inside a quiet zone of 4 modules; and the code's width. */
async function qrPath(text: string): Promise<{ cells: number; path: string }> {
  // Loaded with the first code drawn: most players never hand a seat over.
  const { default: qrcode } = await import('qrcode-generator');
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  const n = qr.getModuleCount();
  let path = '';
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) if (qr.isDark(r, c)) path += `M${c + 4} ${r + 4}h1v1h-1z`;
  return { cells: n + 8, path };
}

/** A QR code of `text`: a white square of its size while its code loads, nothing if that fails (the link is beside it). */
export function QrCode(props: { text: string; size: number; label: string; testid?: string }) {
  const [code, setCode] = useState<{ cells: number; path: string } | null | 'failed'>(null);
  useEffect(() => {
    let current = true;
    qrPath(props.text).then(
      (c) => current && setCode(c),
      () => current && setCode('failed'),
    );
    return () => {
      current = false;
    };
  }, [props.text]);
  if (code === 'failed') return null;
  const cells = code?.cells ?? 1;
  return (
    <svg
      className="qr-code"
      viewBox={`0 0 ${cells} ${cells}`}
      width={props.size}
      height={props.size}
      role="img"
      aria-label={props.label}
      aria-busy={code === null}
      shapeRendering="crispEdges"
      data-testid={props.testid ?? 'handover-qr'}
    >
      <rect width={cells} height={cells} fill="#fff" />
      {code && <path d={code.path} fill="#000" />}
    </svg>
  );
}

/**
 * The match bar's "Play on another device": the seat's link as a QR code and as text to copy, and what it gives; once
 * the seat is `released` (the page has said that the server no longer lists it as this browser's), no link, but why.
 */
export function HandoverPanel(props: {
  gameId: string;
  matchID: string;
  seat: Pick<StoredSeat, 'playerID' | 'credentials' | 'playerName'>;
  released: boolean;
  onClose: () => void;
}) {
  const { seat } = props;
  const id = useId();
  const link = handoverLink(props.gameId, props.matchID, seat);
  // Opened, the panel takes focus at its title: a screen reader goes on to what the link does and to the warning,
  // which focus on its last button (Close) skipped; and the title, with the code beside or below it, is brought into
  // view above a sheet the board fixes to the window's bottom, where Close stood under Touched On's at 844 × 390.
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), []);
  // The link gone under focus (its field, Copy): focus stays in the panel, at its title, which reads on to why.
  const { released } = props;
  useEffect(() => {
    if (released && (!document.activeElement || document.activeElement === document.body)) title.current?.focus();
  }, [released]);
  return (
    <section
      className="handover"
      aria-labelledby={`${id}-title`}
      data-testid="handover-panel"
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          props.onClose();
        }
      }}
    >
      {!released && (
        <QrCode
          text={link}
          size={168}
          label={`QR code of the link that plays seat ${seatNo(seat.playerID)} elsewhere`}
        />
      )}
      <div className="handover-text">
        <h3 id={`${id}-title`} ref={title} tabIndex={-1} data-testid="handover-title">
          Play on another device
        </h3>
        {released ? (
          <p data-testid="handover-released">
            This browser no longer holds seat {seatNo(seat.playerID)} (as {seat.playerName}): it was released, here or
            on another device, so there is no link to give, and a link given before no longer plays it.
          </p>
        ) : (
          <HandoverLink seatNo={seatNo(seat.playerID)} playerName={seat.playerName} link={link} />
        )}
        <button type="button" className="ghost small" onClick={props.onClose} data-testid="handover-close">
          Close
        </button>
      </div>
    </section>
  );
}

/** The panel's link, to copy, with what it does and the warnings. */
function HandoverLink(props: { seatNo: number; playerName: string; link: string }) {
  const { link } = props;
  const { copied, copy } = useCopied(link);
  return (
    <>
      <p>
        Scan this code with your phone, or open the link in another browser: it plays your seat (seat {props.seatNo}, as{' '}
        {props.playerName}) there too, and this device goes on playing it as well.
      </p>
      <div className="share-row">
        <input
          readOnly
          value={link}
          aria-label="Link to your seat"
          onFocus={(e) => e.target.select()}
          data-testid="handover-link"
        />
        <button type="button" onClick={copy} data-testid="handover-copy">
          {copied === 'copied' ? 'Copied' : 'Copy'}
        </button>
      </div>
      <CopyStatus copied={copied} testid="handover-copied" />
      <LoopbackNote testid="handover-local" />
      <p className="muted handover-warn">
        The link holds your seat&apos;s key: anyone who opens it can play your seat. Send it only to yourself.
      </p>
    </>
  );
}

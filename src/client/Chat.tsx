/**
 * A match's chat on the online page (hot-seat has none): every message with
 * its writer's name and time, text only (React escapes it), the history back
 * after a reload (the server stores it with the match and sends it again on
 * every sync). Players write; spectators read. The limits are the server's
 * (src/shared/chat.ts), checked here first to say why. The closed chat
 * counts what is new: others' messages stamped after the last one this
 * browser showed open, remembered per match in localStorage so that a
 * reload or a return from "Your matches" does not count again what was read.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { ChatBudget, CHAT_MAX_TEXT, chatText, type ChatEntry } from '../shared/chat';

/** The time of the last message read under `key`, 0 when none (or storage is unavailable). */
function loadReadAt(key: string): number {
  try {
    return Number(localStorage.getItem(key)) || 0;
  } catch {
    return 0;
  }
}

function saveReadAt(key: string, at: number): void {
  try {
    localStorage.setItem(key, String(at));
  } catch {
    // Storage full or refused: the count is only right until the next reload.
  }
}

/**
 * A message's time in the reader's own way: "5:38 PM" where the clock has 12 hours (not "05:38 PM"), "05:38" or
 * "17:38" where it has 24.
 */
export function chatTime(at: number, locales?: string | string[]): string {
  const cycle = new Intl.DateTimeFormat(locales, { hour: 'numeric' }).resolvedOptions().hourCycle;
  const twelve = cycle === 'h11' || cycle === 'h12';
  return new Date(at).toLocaleTimeString(locales, { hour: twelve ? 'numeric' : '2-digit', minute: '2-digit' });
}

export function Chat(props: {
  messages: readonly { id: string; sender: string; payload: unknown }[];
  /** Null for a spectator. */
  send: ((payload: { text: string }) => void) | null;
  names: Record<string, string>;
  /** This browser's seat (null for a spectator): its own messages are never new to it. */
  self: string | null;
  /** Where the time of the last message read is kept (one key per match). */
  readKey: string;
}) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [readAt, setReadAt] = useState(() => loadReadAt(props.readKey));
  const budget = useRef(new ChatBudget());
  const listRef = useRef<HTMLOListElement>(null);
  // Each message once (a reconnect sends the history again), in the server's order of time.
  const messages = useMemo(() => {
    const byId = new Map<string, ChatEntry>();
    for (const m of props.messages) {
      const p = m.payload as Partial<ChatEntry['payload']> | undefined;
      if (p && typeof p.text === 'string' && typeof p.at === 'number')
        byId.set(m.id, { id: m.id, sender: m.sender, payload: { text: p.text, at: p.at, name: p.name ?? '' } });
    }
    return [...byId.values()].sort((a, b) => a.payload.at - b.payload.at);
  }, [props.messages]);
  const { readKey } = props;
  const lastAt = messages.length ? messages[messages.length - 1].payload.at : 0;
  useEffect(() => {
    if (open && lastAt > readAt) {
      setReadAt(lastAt);
      saveReadAt(readKey, lastAt);
    }
  }, [open, lastAt, readAt, readKey]);
  useEffect(() => {
    listRef.current?.scrollTo({ top: listRef.current.scrollHeight });
  }, [open, messages.length]);
  // The message box, brought into view as the chat opens and as the writer's messages lengthen the list, and
  // above whatever the board fixes to the window's bottom (the root's scroll-padding-bottom, styles.css): on a
  // 360 × 640 phone, Touched On's Appeal sheet covered it whole with the chat open at the page's top.
  const formRef = useRef<HTMLFormElement>(null);
  const formInView = () => {
    const form = formRef.current;
    if (!form) return;
    const foot = parseFloat(getComputedStyle(document.documentElement).scrollPaddingBottom) || 0;
    if (form.getBoundingClientRect().bottom > window.innerHeight - foot) form.scrollIntoView({ block: 'nearest' });
  };
  useEffect(() => {
    if (open) formInView();
  }, [open]);
  useEffect(() => {
    if (document.activeElement && formRef.current?.contains(document.activeElement)) formInView();
  }, [messages.length]);
  const unread = open ? 0 : messages.filter((m) => m.sender !== props.self && m.payload.at > readAt).length;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const checked = chatText({ text });
    if ('error' in checked) return setError(checked.error);
    if (!budget.current.take()) return setError('Too many messages: wait a few seconds.');
    props.send?.({ text: checked.text });
    setText('');
    setError('');
  };

  return (
    <details
      className="card chat"
      open={open}
      onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}
      data-testid="chat"
    >
      <summary>
        Chat · {messages.length} message{messages.length === 1 ? '' : 's'}
        {unread > 0 && (
          <span className="badge-mine" data-testid="chat-unread">
            {unread} new
          </span>
        )}
      </summary>
      <ol className="chat-list" ref={listRef} aria-live="polite" data-testid="chat-list">
        {messages.length === 0 && <li className="muted">No messages yet.</li>}
        {messages.map((m) => (
          <li key={m.id} data-testid="chat-message">
            <span className="chat-meta">
              <b>{m.payload.name || props.names[m.sender] || `Seat ${Number(m.sender) + 1}`}</b>{' '}
              {chatTime(m.payload.at)}
            </span>{' '}
            <span className="chat-text">{m.payload.text}</span>
          </li>
        ))}
      </ol>
      {props.send ? (
        <form className="chat-form" onSubmit={submit} ref={formRef} onFocus={formInView}>
          <input
            value={text}
            maxLength={CHAT_MAX_TEXT}
            onChange={(e) => {
              setText(e.target.value);
              if (error) setError('');
            }}
            placeholder="Write to the table…"
            aria-label="Chat message"
            data-testid="chat-input"
          />
          <button type="submit" className="primary small" data-testid="chat-send">
            Send
          </button>
        </form>
      ) : (
        <p className="muted">Spectators read the chat; players write.</p>
      )}
      {error && (
        <p className="error" role="alert" data-testid="chat-error">
          {error}
        </p>
      )}
    </details>
  );
}

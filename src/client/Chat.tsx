/**
 * A match's chat on the online page (hot-seat has none): every message with
 * its writer's name and time, text only (React escapes it), the history back
 * after a reload (the server stores it with the match and sends it again on
 * every sync). Players write; spectators read. The limits are the server's
 * (src/shared/chat.ts), checked here first to say why.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { ChatBudget, CHAT_MAX_TEXT, chatText, type ChatEntry } from '../shared/chat';

const time = (at: number) => new Date(at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

export function Chat(props: {
  messages: readonly { id: string; sender: string; payload: unknown }[];
  /** Null for a spectator. */
  send: ((payload: { text: string }) => void) | null;
  names: Record<string, string>;
}) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [seen, setSeen] = useState(0);
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
  useEffect(() => {
    if (open) setSeen(messages.length);
    listRef.current?.scrollTo({ top: listRef.current.scrollHeight });
  }, [open, messages.length]);
  const unread = open ? 0 : messages.length - seen;

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
              <b>{m.payload.name || props.names[m.sender] || `Seat ${Number(m.sender) + 1}`}</b> {time(m.payload.at)}
            </span>{' '}
            <span className="chat-text">{m.payload.text}</span>
          </li>
        ))}
      </ol>
      {props.send ? (
        <form className="chat-form" onSubmit={submit}>
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

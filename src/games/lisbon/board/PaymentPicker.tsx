/** A small picker among exact payments; the first (cheapest) is the automatic choice. */
import React from 'react';
import { COLORS } from '../data/types';
import { describeCounts, type PayChoice } from './logic';
import { ColorShape } from './ColorMark';

/** Ticket chips for one payment. */
export function PaymentChips({ choice }: { choice: PayChoice }) {
  return (
    <span className="pay-chips" role="img" aria-label={describeCounts(choice.payment)}>
      {COLORS.flatMap((c) =>
        Array.from({ length: choice.payment[c] }, (_, i) => (
          <ColorShape key={`${c}${i}`} color={c} size={13} className="mini-ticket" />
        )),
      )}
    </span>
  );
}

/** Choose how to pay; `value` null means the automatic (cheapest) payment. */
export function PaymentPicker({
  choices,
  value,
  onChange,
  testId,
}: {
  choices: PayChoice[];
  value: string | null;
  onChange: (key: string | null) => void;
  testId: string;
}) {
  const [open, setOpen] = React.useState(false);
  if (choices.length === 0) return null;
  const current = choices.find((c) => c.key === value) ?? choices[0];
  return (
    <div className="pay" data-testid={testId}>
      <div className="pay-current">
        <span>Pay</span> <PaymentChips choice={current} /> <span className="muted">{current.label}</span>
        {choices.length > 1 && (
          <button type="button" className="link" onClick={() => setOpen(!open)} data-testid={`${testId}-toggle`}>
            {open ? 'close' : 'other ways to pay'}
          </button>
        )}
      </div>
      {open && (
        <ul className="pay-list">
          {choices.slice(0, 10).map((c, i) => (
            <li key={c.key}>
              <label>
                <input
                  type="radio"
                  name={testId}
                  checked={c.key === current.key}
                  onChange={() => onChange(i === 0 ? null : c.key)}
                  data-testid={`${testId}-${c.key}`}
                />
                <PaymentChips choice={c} /> {c.label}
                {i === 0 && <span className="muted"> (cheapest)</span>}
              </label>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

import { Send } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';

import { CharacterCounter } from '@/components/character-counter';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { checkMessageText, messageCounter } from '../lib/message-text';

interface MessageComposerProps {
  label: string;
  placeholder?: string;
  isSending: boolean;
  /** Sends the checked, trimmed text; call `sent()` once the server has it to clear the box. */
  onSend: (text: string, sent: () => void) => void;
  /** A refusal to show under the box (the server's message), or null. */
  error?: string | null;
}

/**
 * A plain-text message: a counter out of the contract's limit, the contract's own check before
 * anything is sent, and Send disabled while sending or past the limit.
 */
export function MessageComposer({
  label,
  placeholder,
  isSending,
  onSend,
  error,
}: MessageComposerProps) {
  const ids = useId();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const counter = messageCounter(text);
  const shownProblem = problem ?? error ?? null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSending) return;
    const checked = checkMessageText(text);
    if (!checked.ok) {
      setProblem(checked.message);
      return;
    }
    setProblem(null);
    onSend(checked.text, () => {
      setText('');
    });
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-2" aria-label={label}>
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={`${ids}-text`}>{label}</Label>
        <CharacterCounter id={`${ids}-counter`} testId="message-counter" counter={counter} />
      </div>
      <Textarea
        id={`${ids}-text`}
        name="text"
        rows={4}
        value={text}
        placeholder={placeholder}
        aria-describedby={`${ids}-counter${shownProblem ? ` ${ids}-problem` : ''}`}
        aria-invalid={counter.over || problem !== null || undefined}
        disabled={isSending}
        onChange={(event) => {
          setText(event.target.value);
          if (problem !== null) setProblem(null);
        }}
      />
      {shownProblem && (
        <p id={`${ids}-problem`} role="alert" className="text-sm text-destructive">
          {shownProblem}
        </p>
      )}
      <Button type="submit" className="w-full sm:w-fit" disabled={isSending || counter.over}>
        {isSending ? <Spinner /> : <Send aria-hidden="true" />}
        {isSending ? 'Sending...' : 'Send'}
      </Button>
    </form>
  );
}

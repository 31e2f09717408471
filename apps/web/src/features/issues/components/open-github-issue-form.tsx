import { ArrowRight } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';

import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useTypedBeforeHydration } from '@/lib/use-typed-before-hydration';
import { useGithubWebUrl } from '@/features/app-config/api/app-config';
import { issueRefPath, parseGithubIssueInput } from '../lib/issue-ref';

/** An issue's address on this server's GitHub (the simulator's in demo mode), as an example. */
const exampleIssueUrl = (github: string) => `${github}/owner/repo/issues/123`;

/**
 * Any GitHub issue, not only the suggested ones: its pasted address (or owner/repo#123) opens its
 * issue page, where the contributor can stake on it.
 */
export function OpenGithubIssueForm() {
  const github = useGithubWebUrl();
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const ids = useId();
  const fieldId = `${ids}-issue`;

  // The dashboard arrives rendered by the server, this form among it.
  useTypedBeforeHydration([fieldId], (typed) => {
    setValue(typed[fieldId] ?? '');
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const ref = parseGithubIssueInput(value, github);
    if (!ref) {
      setProblem(`Paste the address of a GitHub issue, such as ${exampleIssueUrl(github)}`);
      return;
    }
    void navigate(issueRefPath(ref));
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-2">
      <Label htmlFor={fieldId}>Open a GitHub issue</Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={fieldId}
          name="issue"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder={exampleIssueUrl(github)}
          value={value}
          aria-invalid={problem !== null || undefined}
          aria-describedby={problem ? `${ids}-problem` : undefined}
          onChange={(event) => {
            setValue(event.target.value);
            setProblem(null);
          }}
        />
        <Button type="submit" variant="outline" disabled={value.trim() === ''}>
          Open
          <ArrowRight aria-hidden="true" />
        </Button>
      </div>
      {problem && (
        <p id={`${ids}-problem`} className="text-sm text-destructive">
          {problem}
        </p>
      )}
    </form>
  );
}

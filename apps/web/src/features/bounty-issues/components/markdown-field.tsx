import { Eye, Pencil } from 'lucide-react';

import { Label } from '@/components/ui/label';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { Textarea } from '@/components/ui/textarea';
import { IssueMarkdown } from '@/features/issues/components/issue-markdown';
import { usePreloadMarkdown } from '@/features/issues/hooks/use-markdown';

interface MarkdownFieldProps {
  id: string;
  /** The form field name. */
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  invalid?: boolean;
  errorId?: string;
}

/** A markdown textarea with a preview rendered the way the issue page renders issue bodies. */
export function MarkdownField({
  id,
  name,
  label,
  value,
  onChange,
  placeholder,
  invalid = false,
  errorId,
}: MarkdownFieldProps) {
  // The preview's renderer is fetched while the maintainer writes.
  usePreloadMarkdown();
  return (
    <div className="grid gap-2">
      <Tabs defaultValue="write" className="gap-2">
        <div className="flex flex-wrap items-end justify-between gap-2">
          <Label htmlFor={id}>{label}</Label>
          <TabsList className="min-h-8 w-auto sm:w-fit" aria-label="Write or preview">
            <TabsTrigger value="write" className="h-6 px-2 text-xs">
              <Pencil aria-hidden="true" />
              Write
            </TabsTrigger>
            <TabsTrigger value="preview" className="h-6 px-2 text-xs">
              <Eye aria-hidden="true" />
              Preview
            </TabsTrigger>
          </TabsList>
        </div>
        <TabsContent value="write">
          <Textarea
            id={id}
            name={name}
            rows={8}
            placeholder={placeholder}
            value={value}
            aria-invalid={invalid || undefined}
            aria-describedby={[`${id}-hint`, invalid ? errorId : undefined]
              .filter(Boolean)
              .join(' ')}
            onChange={(event) => {
              onChange(event.target.value);
            }}
          />
          <p id={`${id}-hint`} className="mt-2 text-xs text-muted-foreground">
            Markdown is supported.
          </p>
        </TabsContent>
        <TabsContent value="preview" className="min-h-24 rounded-md border bg-background p-3">
          <IssueMarkdown body={value} />
        </TabsContent>
      </Tabs>
    </div>
  );
}

import { AUTOMATION_SECRET_NAME, automationWorkflowYaml } from '@openstake/core';
import {
  ArrowRight,
  BookOpen,
  Check,
  Clock,
  Copy,
  ExternalLink as ExternalLinkIcon,
  FileText,
  GraduationCap,
  LifeBuoy,
  Search,
  Workflow,
} from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';

import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { SearchInput } from '@/components/search-input';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useCopyToClipboard } from '@/lib/use-copy-to-clipboard';
import { DOC_CATEGORIES, DOC_TYPE_LABELS, QUICK_LINKS } from './docs/docs-content';
import { filterDocCategories } from './docs/docs-search';
import { GithubAppGuide } from './docs/github-app-guide';

export const WORKFLOW_PATH = '.github/workflows/openstake.yml';

/** Where this app is served: the workflow calls back to the same server. */
function currentOrigin(): string {
  return typeof location === 'undefined' ? '' : location.origin;
}

function AutomationWorkflow() {
  const yaml = useMemo(() => automationWorkflowYaml(currentOrigin()), []);
  const { copied, copy } = useCopyToClipboard();

  return (
    <Card data-testid="automation-workflow">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Workflow aria-hidden="true" className="size-5 text-primary" />
          GitHub Actions automation
        </CardTitle>
        <CardDescription>
          When an issue is opened in your repository, this workflow asks OpenStake to comment on it
          with guidance for contributors.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ol className="grid list-decimal gap-2 pl-5 text-sm">
          <li>
            Create an API key in{' '}
            <Link
              to="/maintainer/org-settings/api-keys"
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              Organization settings
            </Link>
            .
          </li>
          <li>
            In your repository on GitHub, open Settings → Secrets and variables → Actions and add
            the key as a repository secret named{' '}
            <code className="rounded bg-muted px-1 py-0.5 font-mono text-xs">
              {AUTOMATION_SECRET_NAME}
            </code>
            .
          </li>
          <li>
            Save the workflow below as{' '}
            <code className="rounded bg-muted px-1 py-0.5 font-mono text-xs">{WORKFLOW_PATH}</code>{' '}
            and commit it.
          </li>
        </ol>
        <div className="relative min-w-0">
          <Button
            variant="secondary"
            size="sm"
            className="absolute top-2 right-2"
            onClick={() => {
              void copy(yaml).then((ok) => {
                if (!ok) toast.error('Failed to copy YAML', { richColors: true });
              });
            }}
          >
            {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
            {copied ? 'Copied!' : 'Copy YAML'}
          </Button>
          <pre
            className="max-h-96 overflow-auto rounded-lg border bg-muted/50 p-4 pt-12 font-mono text-xs leading-relaxed"
            // Scrollable, so it must be reachable by keyboard; a region so its name is announced.
            tabIndex={0}
            role="region"
            aria-label={`Workflow file ${WORKFLOW_PATH}`}
          >
            <code>{yaml}</code>
          </pre>
          <span className="sr-only" aria-live="polite">
            {copied ? 'Workflow copied to the clipboard' : ''}
          </span>
        </div>
        <p className="text-xs text-muted-foreground">
          The key stays in GitHub&apos;s secret store, and issue details reach the script through
          environment variables, so text in an issue cannot run commands.
        </p>
      </CardContent>
    </Card>
  );
}

/** /maintainer/docs. */
export function DocsPage() {
  const [query, setQuery] = useState('');
  const categories = useMemo(() => filterDocCategories(DOC_CATEGORIES, query), [query]);

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Documentation"
        titleClassName="sm:text-3xl"
        description="Guides, tutorials and reference for running bounties on OpenStake."
        actions={
          <dl className="flex gap-3" aria-label="Documentation size">
            <div className="flex items-center gap-2 rounded-lg border bg-card px-3 py-2">
              <FileText aria-hidden="true" className="size-4 text-primary" />
              <dt className="sr-only">Articles</dt>
              <dd className="text-sm font-semibold">50+ Articles</dd>
            </div>
            <div className="flex items-center gap-2 rounded-lg border bg-card px-3 py-2">
              <GraduationCap aria-hidden="true" className="size-4 text-primary" />
              <dt className="sr-only">Tutorials</dt>
              <dd className="text-sm font-semibold">15+ Tutorials</dd>
            </div>
          </dl>
        }
      />

      <SearchInput
        aria-label="Search documentation"
        placeholder="Search documentation..."
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
        }}
      />

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="grid min-w-0 content-start gap-6">
          <section aria-labelledby="doc-categories-heading" className="grid gap-4">
            <h2 id="doc-categories-heading" className="sr-only">
              Categories
            </h2>
            {categories.length === 0 ? (
              <EmptyState
                icon={Search}
                title="No results found"
                description="Try another word, or browse the categories after clearing the search."
                action={
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => {
                      setQuery('');
                    }}
                  >
                    Clear search
                  </Button>
                }
              />
            ) : (
              <div className="grid gap-4 md:grid-cols-2">
                {categories.map((category) => {
                  const Icon = category.icon;
                  return (
                    <Card key={category.id} className="gap-4" data-testid="doc-category">
                      <CardHeader>
                        <CardTitle asChild className="flex items-center gap-2 text-base">
                          <h3>
                            <Icon aria-hidden="true" className="size-5 text-primary" />
                            {category.title}
                          </h3>
                        </CardTitle>
                        <CardDescription>{category.description}</CardDescription>
                      </CardHeader>
                      <CardContent>
                        <ul className="grid gap-2">
                          {category.items.map((item) => (
                            <li
                              key={item.title}
                              className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-md border px-3 py-2"
                            >
                              <span className="min-w-0 text-sm font-medium">{item.title}</span>
                              <span className="flex items-center gap-2 text-xs text-muted-foreground">
                                <span className="inline-flex items-center gap-1">
                                  <Clock aria-hidden="true" className="size-3" />
                                  {item.readTime}
                                </span>
                                <Badge variant="outline">{DOC_TYPE_LABELS[item.type]}</Badge>
                              </span>
                            </li>
                          ))}
                        </ul>
                      </CardContent>
                    </Card>
                  );
                })}
              </div>
            )}
          </section>
          <GithubAppGuide origin={currentOrigin()} />
          <AutomationWorkflow />
        </div>

        <aside className="grid content-start gap-6">
          <Card className="gap-4">
            <CardHeader>
              <CardTitle className="flex items-center gap-2 text-base">
                <BookOpen aria-hidden="true" className="size-5 text-primary" />
                Quick Links
              </CardTitle>
            </CardHeader>
            <CardContent>
              <ul className="grid gap-1">
                {QUICK_LINKS.map((link) => (
                  <li key={link.to}>
                    {link.external ? (
                      <a
                        href={link.to}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="flex items-center justify-between gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-muted"
                      >
                        {link.label}
                        <ExternalLinkIcon
                          aria-hidden="true"
                          className="size-4 text-muted-foreground"
                        />
                        <span className="sr-only">(opens in a new tab)</span>
                      </a>
                    ) : (
                      <Link
                        to={link.to}
                        className="flex items-center justify-between gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-muted"
                      >
                        {link.label}
                        <ArrowRight aria-hidden="true" className="size-4 text-muted-foreground" />
                      </Link>
                    )}
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>

          <Card className="gap-4" data-testid="need-help">
            <CardHeader>
              <CardTitle className="flex items-center gap-2 text-base">
                <LifeBuoy aria-hidden="true" className="size-5 text-primary" />
                Need Help?
              </CardTitle>
              <CardDescription>
                Can&apos;t find what you&apos;re looking for? Our support team is here to help.
              </CardDescription>
            </CardHeader>
            <CardContent className="grid gap-2">
              <Link
                to="/maintainer/support#faq"
                className={buttonVariants({ variant: 'outline', className: 'w-full' })}
              >
                Visit Help Center
              </Link>
              <Link to="/maintainer/support" className={buttonVariants({ className: 'w-full' })}>
                Contact Support
              </Link>
            </CardContent>
          </Card>
        </aside>
      </div>
    </div>
  );
}

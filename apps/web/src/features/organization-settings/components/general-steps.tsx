import { Building2 } from 'lucide-react';

import { PageLoading } from '@/components/page-loading';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { GeneralFlow } from '../hooks/use-general-flow';
import { hasUnsavedContext, showsCreateKey } from '../lib/general-flow';
import { ContextPanel } from './context-panel';
import { CreateApiKeyCard } from './create-api-key-card';
import { LoadErrorNotice } from './load-error-notice';
import { OrganizationForm } from './organization-form';
import { RepositoryPicker } from './repository-picker';

/**
 * The General tab's flow: organization, repositories, context, API key. Takes
 * the flow from the page so that it survives a switch to another tab.
 */
export function GeneralSteps({ flow }: { flow: GeneralFlow }) {
  const { state, dispatch } = flow;
  const loading = state.phase === 'loading';

  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Building2 aria-hidden="true" className="size-5" />
            Organization context
          </CardTitle>
          <CardDescription>
            Pick the repositories that describe your organization. OpenStake writes a context from
            them, and the issue workflow uses it to comment guidance on new issues.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          <OrganizationForm
            formLabel="Fetch repositories"
            value={state.orgInput}
            onChange={(value) => {
              dispatch({ type: 'orgInputChanged', value });
            }}
            onSubmit={flow.fetchRepositories}
            submitLabel="Fetch Repositories"
            isPending={loading}
            error={state.inputError}
          />

          {state.phase === 'start' && state.loadError && (
            <LoadErrorNotice error={state.loadError} />
          )}
          {loading && <PageLoading label={`Loading ${state.org ?? ''}...`} className="min-h-24" />}
          {state.phase === 'select' && (
            <RepositoryPicker
              state={state}
              dispatch={dispatch}
              onGenerate={flow.generateContext}
              onRetry={flow.fetchRepositories}
              isGenerating={flow.isGenerating}
            />
          )}
          {state.phase === 'context' && (
            <ContextPanel
              state={state}
              dispatch={dispatch}
              onSave={flow.saveContext}
              isSaving={flow.isSaving}
            />
          )}
        </CardContent>
      </Card>

      {showsCreateKey(state) && state.org !== null && (
        <CreateApiKeyCard
          org={state.org}
          onCreate={flow.createApiKey}
          isCreating={flow.isCreatingKey}
          error={state.keyError}
          createdKey={state.createdKey}
          onCloseCreatedKey={() => {
            dispatch({ type: 'keyCardClosed' });
          }}
          unsavedContext={hasUnsavedContext(state)}
        />
      )}
    </>
  );
}

/**
 * The GitHub Actions workflow shown on the maintainer docs page ('Copy YAML').
 * When an issue is opened it calls POST /api/maintainer/issue-comment with the organization's
 * API key, and OpenStake comments on the issue with guidance. GitHub's values reach the script
 * through environment variables, never pasted into it, so no issue text can inject a command.
 */
export const AUTOMATION_SECRET_NAME = 'OPENSTAKE_API_KEY';

export function automationWorkflowYaml(apiOrigin: string): string {
  return `name: OpenStake issue guidance
on:
  issues:
    types: [opened]
jobs:
  guidance:
    runs-on: ubuntu-latest
    steps:
      - name: Ask OpenStake to comment with guidance
        env:
          OPENSTAKE_API_KEY: \${{ secrets.${AUTOMATION_SECRET_NAME} }}
          ISSUE_NUMBER: \${{ github.event.issue.number }}
          ISSUE_URL: \${{ github.event.issue.html_url }}
          REPO: \${{ github.event.repository.name }}
          ORG: \${{ github.repository_owner }}
        run: |
          body=$(printf '{"issue_number":%s,"repo":"%s","org":"%s","issue_url":"%s"}' \\
            "$ISSUE_NUMBER" "$REPO" "$ORG" "$ISSUE_URL")
          curl --fail-with-body --silent --show-error -X POST \\
            "${apiOrigin}/api/maintainer/issue-comment" \\
            -H "Authorization: Bearer $OPENSTAKE_API_KEY" \\
            -H "Content-Type: application/json" \\
            --data "$body"
`;
}

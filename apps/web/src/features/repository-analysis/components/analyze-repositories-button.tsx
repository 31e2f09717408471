import { Sparkles } from 'lucide-react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useAnalyzeRepositories, useIsAnalyzing } from '../api/analyze-repositories';

type AnalyzeRepositoriesButtonProps = Omit<ButtonProps, 'children' | 'disabled' | 'onClick'> & {
  /** 'Analyze My Repositories', 'Analyze Repos' or 'Analyze Repositories', as each screen says. */
  label: string;
};

/**
 * Starts a repository analysis. Every such button on the page reads 'Analyzing...' and is
 * disabled while any analysis runs, whichever one was pressed.
 */
export function AnalyzeRepositoriesButton({ label, ...props }: AnalyzeRepositoriesButtonProps) {
  const analyze = useAnalyzeRepositories();
  const isAnalyzing = useIsAnalyzing();
  return (
    <Button
      {...props}
      disabled={isAnalyzing}
      onClick={() => {
        analyze.mutate();
      }}
    >
      {isAnalyzing ? <Spinner /> : <Sparkles aria-hidden="true" />}
      {isAnalyzing ? 'Analyzing...' : label}
    </Button>
  );
}

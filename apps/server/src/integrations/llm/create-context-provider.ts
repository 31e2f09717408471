import type { Config } from '../../env';
import type { ContextProvider } from './context-provider';
import { MetadataContextProvider } from './metadata-context-provider';
import { OpenAiContextProvider } from './openai-context-provider';

/** A language model when LLM_BASE_URL and LLM_API_KEY are set, otherwise GitHub metadata only. */
export function createContextProvider(
  config: Pick<Config, 'LLM_BASE_URL' | 'LLM_API_KEY' | 'LLM_MODEL'>,
): ContextProvider {
  if (config.LLM_BASE_URL && config.LLM_API_KEY) {
    return new OpenAiContextProvider({
      baseUrl: config.LLM_BASE_URL,
      apiKey: config.LLM_API_KEY,
      model: config.LLM_MODEL,
    });
  }
  return new MetadataContextProvider();
}

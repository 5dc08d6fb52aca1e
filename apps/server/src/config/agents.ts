import { z } from 'zod';
import { booleanFlag, httpUrl } from './fields';

/** The background agents and the HMRC news feed they and the Home dashboard read. */
export const agentVariables = {
  HMRC_FEED_URL: httpUrl('HMRC_FEED_URL').default(
    'https://www.gov.uk/government/organisations/hm-revenue-customs.atom',
  ),
  CHROMIUM_PATH: z.string().trim().min(1).default('/usr/bin/chromium'),
  AGENTS_ENABLED: booleanFlag('AGENTS_ENABLED').default(true),
};

export interface AgentsConfig {
  /**
   * Off: the token keeper's and deadline watcher's schedules do not run. The submission checker
   * still does (submitting exactly once depends on it), and so does on-demand work (the authoriser).
   */
  enabled: boolean;
  /** The browser the sandbox authoriser drives (Debian's Chromium). */
  chromiumPath: string;
}

export function agentsConfig(values: z.infer<z.ZodObject<typeof agentVariables>>): {
  agents: AgentsConfig;
  feed: { url: string };
} {
  return {
    agents: { enabled: values.AGENTS_ENABLED, chromiumPath: values.CHROMIUM_PATH },
    feed: { url: values.HMRC_FEED_URL },
  };
}

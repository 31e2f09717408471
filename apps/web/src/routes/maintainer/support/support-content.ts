/** The static content of the support page; tickets are sample data. */
export const TICKET_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];
export const PRIORITY_LABELS: Record<TicketPriority, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  urgent: 'Urgent',
};
export const isPriority = (value: string): value is TicketPriority =>
  (TICKET_PRIORITIES as readonly string[]).includes(value);

export type TicketStatus = 'Open' | 'In Progress' | 'Resolved';
export interface SampleTicket {
  id: string;
  title: string;
  status: TicketStatus;
  priority: 'High' | 'Medium' | 'Low';
  created: string;
  lastUpdate: string;
}

export const SAMPLE_TICKETS: readonly SampleTicket[] = [
  {
    id: 'T-1042',
    title: 'Webhook deliveries failing for a private repository',
    status: 'Open',
    priority: 'High',
    created: '2025-06-03',
    lastUpdate: '2025-06-04',
  },
  {
    id: 'T-1038',
    title: 'API key not accepted by the GitHub workflow',
    status: 'In Progress',
    priority: 'Medium',
    created: '2025-05-29',
    lastUpdate: '2025-06-02',
  },
  {
    id: 'T-1021',
    title: 'Question about the bounty platform fee',
    status: 'Resolved',
    priority: 'Low',
    created: '2025-05-14',
    lastUpdate: '2025-05-15',
  },
];

export const TICKET_STATUS_VARIANT: Record<TicketStatus, 'warning' | 'default' | 'success'> = {
  Open: 'warning',
  'In Progress': 'default',
  Resolved: 'success',
};

export const SUPPORT_HOURS = [
  ['Monday - Friday', '9 AM - 6 PM PST'],
  ['Saturday', '10 AM - 4 PM PST'],
  ['Sunday', 'Closed'],
] as const;

export const FAQS = [
  {
    question: 'How many API calls does the free plan include?',
    answer: 'The free plan includes 1,000 API calls a month.',
  },
  {
    question: 'How many API calls does the pro plan include?',
    answer: 'The pro plan includes 10,000 API calls a month.',
  },
  {
    question: 'How much does OpenStake cost for maintainers?',
    answer:
      'Maintainers and organizations pay $29 a month after one month free, plus a 5% fee on bounties.',
  },
  {
    question: 'How do I create an API key?',
    answer:
      'In Organization Settings, fetch your repositories, generate and save their context, then create an API key. Store it as the OPENSTAKE_API_KEY secret of the repositories that run the OpenStake workflow.',
  },
  {
    question: 'What happens to a stake when a pull request is closed without a merge?',
    answer:
      "If the pull request was reviewed, the repository's deduction (10% by default) goes to the repository and the rest returns to the contributor. If nobody reviewed it, the stake is refunded in full.",
  },
] as const;

import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { SupportPage } from './support-page';
import { FAQS, TICKET_PRIORITIES } from './support/support-content';

describe('SupportPage', () => {
  const html = renderToStaticMarkup(<SupportPage />);

  it('has the ticket form, disabled with a note since no ticket service exists', () => {
    expect(html).toContain('Subject');
    expect(html).toContain('Priority');
    expect(html).toContain('Description');
    expect(html).toContain('Submit Ticket');
    expect(html).toMatch(/<fieldset disabled=""/);
    expect(html).toContain('Online tickets are not available yet');
    expect(TICKET_PRIORITIES).toEqual(['low', 'medium', 'high', 'urgent']);
    expect(html).toContain('Medium');
  });

  it('lists the sample tickets with status, priority, dates and View', () => {
    expect(html).toContain('#T-1042');
    expect(html).toContain('Open');
    expect(html).toContain('In Progress');
    expect(html).toContain('Resolved');
    expect(html).toContain('aria-label="View ticket T-1042"');
    expect(html).toContain('Last update');
    expect(html).toContain('Sample data');
  });

  it('shows contact buttons, support hours and the Currently Online badge', () => {
    for (const label of ['Live Chat', 'Email Support', 'Schedule Call']) {
      expect(html).toMatch(new RegExp(`<button[^>]*disabled=""[^>]*>(?:(?!</button>).)*${label}`));
    }
    expect(html).toContain('Monday - Friday');
    expect(html).toContain('9 AM - 6 PM PST');
    expect(html).toContain('10 AM - 4 PM PST');
    expect(html).toContain('Closed');
    expect(html).toContain('Currently Online');
  });

  it('answers the plan questions in the FAQ', () => {
    expect(html).toContain('id="faq"');
    expect(html).toContain('How many API calls does the free plan include?');
    expect(html).toContain('How many API calls does the pro plan include?');
    // Answers render when opened; the accordion keeps them out of the first render.
    const answers = FAQS.map((faq) => faq.answer).join(' ');
    expect(answers).toContain('1,000 API calls a month');
    expect(answers).toContain('10,000 API calls a month');
  });
});

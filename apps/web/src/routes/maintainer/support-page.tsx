import { Calendar, Clock, Eye, Mail, MessageCircle, Phone, Ticket } from 'lucide-react';
import { useState } from 'react';

import { PageHeader } from '@/components/page-header';
import {
  Accordion,
  AccordionContent,
  AccordionItem,
  AccordionTrigger,
} from '@/components/ui/accordion';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { SampleDataNotice } from '@/features/maintainer-shell/components/sample-data-notice';
import { formatDate } from '@/lib/format-date';
import {
  FAQS,
  isPriority,
  PRIORITY_LABELS,
  SAMPLE_TICKETS,
  SUPPORT_HOURS,
  TICKET_PRIORITIES,
  TICKET_STATUS_VARIANT,
  type TicketPriority,
} from './support/support-content';

/**
 * /maintainer/support: a static page. The product does not say what Submit Ticket
 * does and there is no ticket service, so the form is shown disabled with a note saying so,
 * rather than accepting text that would go nowhere. The ticket list is sample data.
 */
export function SupportPage() {
  const [priority, setPriority] = useState<TicketPriority>('medium');

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Support"
        titleClassName="sm:text-3xl"
        description="Get help with repositories, bounties, API keys and your organization."
        actions={
          <Badge variant="success" className="self-start sm:self-auto">
            <span aria-hidden="true" className="size-2 rounded-full bg-success" />
            Currently Online
          </Badge>
        }
      />

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="grid min-w-0 content-start gap-6">
          <Card>
            <CardHeader>
              <CardTitle>Submit a Ticket</CardTitle>
              <CardDescription>Describe the problem and we will get back to you.</CardDescription>
            </CardHeader>
            <CardContent>
              <form
                className="grid gap-4"
                aria-describedby="ticket-form-unavailable"
                onSubmit={(event) => {
                  event.preventDefault();
                }}
              >
                <p
                  id="ticket-form-unavailable"
                  role="note"
                  className="rounded-md border border-warning/40 bg-warning/10 px-3 py-2 text-sm"
                >
                  Online tickets are not available yet, so this form is disabled and sends nothing.
                </p>
                <fieldset disabled className="grid gap-4">
                  <div className="grid gap-2">
                    <Label htmlFor="ticket-subject">Subject</Label>
                    <Input
                      id="ticket-subject"
                      name="subject"
                      placeholder="Brief summary of the issue"
                    />
                  </div>
                  <div className="grid gap-2">
                    <Label htmlFor="ticket-priority">Priority</Label>
                    <Select
                      value={priority}
                      onValueChange={(value) => {
                        if (isPriority(value)) setPriority(value);
                      }}
                      disabled
                    >
                      <SelectTrigger id="ticket-priority" className="sm:w-48">
                        <SelectValue>{PRIORITY_LABELS[priority]}</SelectValue>
                      </SelectTrigger>
                      <SelectContent>
                        {TICKET_PRIORITIES.map((value) => (
                          <SelectItem key={value} value={value}>
                            {PRIORITY_LABELS[value]}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  </div>
                  <div className="grid gap-2">
                    <Label htmlFor="ticket-description">Description</Label>
                    <Textarea
                      id="ticket-description"
                      name="description"
                      rows={5}
                      placeholder="What happened, what you expected, and the steps to reproduce it"
                    />
                  </div>
                  <Button type="submit" className="justify-self-start">
                    <Ticket aria-hidden="true" />
                    Submit Ticket
                  </Button>
                </fieldset>
              </form>
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>Your Tickets</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-4">
              <SampleDataNotice>
                These tickets are examples; you have no tickets yet.
              </SampleDataNotice>
              <ul className="grid gap-3">
                {SAMPLE_TICKETS.map((ticket) => (
                  <li
                    key={ticket.id}
                    className="flex flex-col gap-3 rounded-lg border p-3 sm:flex-row sm:items-center sm:justify-between"
                  >
                    <div className="grid min-w-0 gap-1">
                      <div className="flex flex-wrap items-center gap-2">
                        <span className="font-mono text-xs text-muted-foreground">
                          #{ticket.id}
                        </span>
                        <Badge variant={TICKET_STATUS_VARIANT[ticket.status]}>
                          {ticket.status}
                        </Badge>
                        <Badge variant="outline">{ticket.priority}</Badge>
                      </div>
                      <span className="font-medium">{ticket.title}</span>
                      <span className="text-xs text-muted-foreground">
                        Created {formatDate(ticket.created, 'UTC')} · Last update{' '}
                        {formatDate(ticket.lastUpdate, 'UTC')}
                      </span>
                    </div>
                    <Button
                      variant="outline"
                      size="sm"
                      disabled
                      aria-label={`View ticket ${ticket.id}`}
                    >
                      <Eye aria-hidden="true" />
                      View
                    </Button>
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>

          <Card id="faq" className="scroll-mt-20">
            <CardHeader>
              <CardTitle>Frequently Asked Questions</CardTitle>
            </CardHeader>
            <CardContent>
              <Accordion type="single" collapsible>
                {FAQS.map((faq) => (
                  <AccordionItem key={faq.question} value={faq.question}>
                    <AccordionTrigger>{faq.question}</AccordionTrigger>
                    <AccordionContent>{faq.answer}</AccordionContent>
                  </AccordionItem>
                ))}
              </Accordion>
            </CardContent>
          </Card>
        </div>

        <aside className="grid content-start gap-6">
          <Card>
            <CardHeader>
              <CardTitle className="text-base">Contact Us</CardTitle>
              <CardDescription>Live chat, email and calls are coming soon.</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-2">
              <Button variant="outline" className="justify-start" disabled>
                <MessageCircle aria-hidden="true" />
                Live Chat
              </Button>
              <Button variant="outline" className="justify-start" disabled>
                <Mail aria-hidden="true" />
                Email Support
              </Button>
              <Button variant="outline" className="justify-start" disabled>
                <Phone aria-hidden="true" />
                Schedule Call
              </Button>
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle className="flex items-center gap-2 text-base">
                <Clock aria-hidden="true" className="size-4" />
                Support Hours
              </CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="grid gap-2 text-sm">
                {SUPPORT_HOURS.map(([days, hours]) => (
                  <div key={days} className="flex items-center justify-between gap-3">
                    <dt className="flex items-center gap-2 text-muted-foreground">
                      <Calendar aria-hidden="true" className="size-3.5" />
                      {days}
                    </dt>
                    <dd className="font-medium">{hours}</dd>
                  </div>
                ))}
              </dl>
            </CardContent>
          </Card>
        </aside>
      </div>
    </div>
  );
}

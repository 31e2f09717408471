import type { Conversation, Message } from '@openstake/core';

export const message = (overrides: Partial<Message> = {}): Message => ({
  id: 'm1',
  mine: false,
  text: 'Hello from Acme',
  createdAt: '2026-03-01T10:00:00.000Z',
  ...overrides,
});

export const conversation = (overrides: Partial<Conversation> = {}): Conversation => ({
  id: 'c1',
  status: 'open',
  with: { id: 'company-1', name: 'hiring@acme.example' },
  unread: 0,
  updatedAt: '2026-03-01T10:00:00.000Z',
  messages: [message()],
  ...overrides,
});

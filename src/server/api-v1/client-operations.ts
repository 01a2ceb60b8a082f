import { z } from 'zod'
import {
  clientCreatedResponse,
  clientDeletedResponse,
  clientDetailResponse,
  clientListResponse,
  clientNoticesResponse,
  clientUpdatedResponse,
  confirmationSentResponse,
} from '#shared/api-v1/client-responses.ts'
import { CLIENT_LIMITS, clientNoticesQuerySchema, createClientSchema, updateClientSchema } from '#shared/clients.ts'
import {
  CLIENT_ID,
  clientExample,
  clientNoticesExample,
  createClientExample,
  createdClientExample,
  resentClientExample,
  updateClientExample,
  updatedClientExample,
} from './client-examples.ts'
import { defineOperation, type ApiV1Operation } from './operation.ts'

/** /api/v1/clients: the app's own client routes (src/server/clients/routes.ts, decision 043) behind the token door. */

const TAG = 'Clients'
const { maxClients, resendWaitSeconds: wait, maxConfirmations } = CLIENT_LIMITS
const clientId = z.object({ id: z.string().meta({ description: 'The client’s id, from the list or the create’s answer.', example: CLIENT_ID }) })

/** What double opt-in means for a caller, said once for the create and the change. */
const DOUBLE_OPT_IN =
  'Nothing reaches a client before they say yes (double opt-in). Each contact you give is asked at once to confirm: the email address by an email with a link, the phone by a text message. ' +
  'Until the client confirms, the contact shows `pending` and the notices of the client’s alerts for it are skipped, with a note saying why (GET /api/v1/clients/notices); every notice carries a one-click unsubscribe, after which the contact shows `unsubscribed`.'

export const clientOperations: ApiV1Operation[] = [
  defineOperation({
    method: 'get',
    path: '/api/v1/clients',
    operationId: 'listClients',
    tag: TAG,
    summary: 'List clients',
    description: 'Your clients by name, each with where its contacts stand (`emailStatus`, `phoneStatus`: only a `confirmed` contact gets notices) and how many live alerts track fares for them.',
    scope: 'read',
    answer: { status: 200, description: 'The clients, by name.', schema: clientListResponse, example: { clients: [clientExample] } },
    errors: [],
  }),
  defineOperation({
    method: 'post',
    path: '/api/v1/clients',
    operationId: 'createClient',
    tag: TAG,
    summary: 'Add a client',
    description:
      `Adds a client whose fares you track: give alerts their \`client_id\` (POST /api/v1/alerts) and their notices go to the client, in your name, instead of to you.\n\n${DOUBLE_OPT_IN}\n\n` +
      'The client needs an email address or a phone number (E.164, such as +12125550147), and each channel its address: `email` an email address, `sms` and `whatsapp` a phone. ' +
      'A request that could not be delivered does not fail the create: the client is saved, `pending`, and may be asked again (POST /api/v1/clients/{id}/send-confirmation).\n\n' +
      `409 when you already have a client with this email address, or hold ${maxClients} clients already.`,
    scope: 'write',
    body: { schema: createClientSchema, name: 'CreateClientRequest', description: 'The client’s name, contacts and channels.', example: createClientExample },
    answer: { status: 201, description: 'Added, and asked to confirm.', schema: clientCreatedResponse, example: { client: createdClientExample } },
    errors: [400, 409, 413],
  }),
  defineOperation({
    method: 'get',
    path: '/api/v1/clients/notices',
    operationId: 'listClientNotices',
    tag: TAG,
    summary: 'List clients’ notices',
    description:
      'The notices of your clients’ alerts (or, with `client`, one client’s or your own alerts’), newest first, 50 at a time: sent, waiting, failed, or skipped with the reason (such as a contact not confirmed yet). Page back with `before`.',
    scope: 'read',
    params: { query: clientNoticesQuerySchema },
    answer: { status: 200, description: 'Up to 50 notices, newest first.', schema: clientNoticesResponse, example: { notices: clientNoticesExample } },
    errors: [400],
  }),
  defineOperation({
    method: 'get',
    path: '/api/v1/clients/{id}',
    operationId: 'getClient',
    tag: TAG,
    summary: 'Read a client',
    description: 'One client, as in the list. Another account’s client answers 404, as one that does not exist.',
    scope: 'read',
    params: { path: clientId },
    answer: { status: 200, description: 'The client.', schema: clientDetailResponse, example: { client: clientExample } },
    errors: [404],
  }),
  defineOperation({
    method: 'patch',
    path: '/api/v1/clients/{id}',
    operationId: 'updateClient',
    tag: TAG,
    summary: 'Change a client',
    description:
      'Any of name, email, phone and channels; `null` (or an empty string) removes an address. The result must keep the create’s rules, and an email address only one of your clients has.\n\n' +
      'A changed address starts over, whatever the old one’s status: it is `pending`, its notices are skipped until the client confirms it, and it is asked to confirm at once — ' +
      `unless a request went out less than ${wait} seconds ago or the client has had ${maxConfirmations} already. Then the change is saved all the same, without a request (\`confirmationSentAt\` stays as it was): ` +
      'ask with POST /api/v1/clients/{id}/send-confirmation after the wait. Changing addresses does not reset the count of requests.',
    scope: 'write',
    params: { path: clientId },
    body: { schema: updateClientSchema, name: 'UpdateClientRequest', description: 'Only the fields to change.', example: updateClientExample },
    answer: { status: 200, description: 'The client as changed.', schema: clientUpdatedResponse, example: { client: updatedClientExample } },
    errors: [400, 404, 409, 413],
  }),
  defineOperation({
    method: 'delete',
    path: '/api/v1/clients/{id}',
    operationId: 'deleteClient',
    tag: TAG,
    summary: 'Delete a client',
    description: 'Deletes the client and, with them, every alert tracking fares for them (and those alerts’ notices).',
    scope: 'write',
    params: { path: clientId },
    answer: { status: 200, description: 'Deleted.', schema: clientDeletedResponse, example: { success: true } },
    errors: [404],
  }),
  defineOperation({
    method: 'post',
    path: '/api/v1/clients/{id}/send-confirmation',
    operationId: 'sendClientConfirmation',
    tag: TAG,
    summary: 'Ask a client to confirm again',
    description:
      'Sends a new request to confirm to every contact still `pending`, for a client who missed or lost the first. No body.\n\n' +
      `Limits, per client, so nobody can be pestered through FareDrop: one request every ${wait} seconds (sooner answers 429 with \`Retry-After\`, the seconds left), ` +
      `and ${maxConfirmations} in all, the create’s included (then 429 without \`Retry-After\`: no wait helps; ask the client to use a link already sent, or check the address). ` +
      'These 429s are the client’s limits, apart from the token’s rate limit.\n\n' +
      '409 when there is nothing to confirm: every contact is `confirmed` or `unsubscribed` (a client who unsubscribed is not asked again; a new address is, when you change it).',
    scope: 'write',
    params: { path: clientId },
    answer: { status: 200, description: 'Asked again; `confirmationSentAt` is now.', schema: confirmationSentResponse, example: { client: resentClientExample } },
    errors: [404, 409],
  }),
]

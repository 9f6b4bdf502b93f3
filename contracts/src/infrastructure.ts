/** Domain and mailbox purchase, checkout and payment (document 1 §2 "Mailbox purchase", §3 "Other"). */
import * as z from './zod';
import { PAYMENT_ELEMENT_TYPES, PAYMENT_EVENTS, PAYMENT_METHOD_ORDER } from './constants';
import { moneyAmountSchema } from './crm';
import { recordIdSchema } from './fields';

/** Tabs of the first purchase step. */
export const MAILBOX_PURCHASE_TABS = ['newDomains', 'yourDomains'] as const;
export type MailboxPurchaseTab = (typeof MAILBOX_PURCHASE_TABS)[number];

/** Steps of the purchase flow; it starts at 1 and can be reset. */
export const MAILBOX_PURCHASE_STEPS = { domains: 1, mailboxes: 2, checkout: 3, done: 4 } as const;
export type MailboxPurchaseStep = (typeof MAILBOX_PURCHASE_STEPS)[keyof typeof MAILBOX_PURCHASE_STEPS];

export const MAILBOX_NAME_MAX = 50;
export const MAILBOX_USERNAME_MAX = 64;
export const DOMAIN_NAME_MAX = 253;

export const orderDomainSchema = z.object({
  name: z.string().trim().toLowerCase().min(3).max(DOMAIN_NAME_MAX),
  /** A domain bought now (newDomains) or one the user already owns (yourDomains). */
  source: z.enum(MAILBOX_PURCHASE_TABS),
  price: moneyAmountSchema.nullable(),
});
export type OrderDomain = z.infer<typeof orderDomainSchema>;

export const mailboxDomainSelectionSchema = z.object({
  domain: z.string().max(DOMAIN_NAME_MAX),
  selected: z.boolean(),
});

/** One mailbox row of the form; rows may be blank while the user fills them in. */
export const orderMailboxSchema = z.object({
  firstName: z.string().max(MAILBOX_NAME_MAX * 2),
  lastName: z.string().max(MAILBOX_NAME_MAX * 2),
  username: z.string().max(MAILBOX_USERNAME_MAX * 2),
  domains: z.array(mailboxDomainSelectionSchema),
});
export type OrderMailbox = z.infer<typeof orderMailboxSchema>;

export const mailboxOrderSchema = z.object({
  domains: z.array(orderDomainSchema).max(100),
  mailboxes: z.array(orderMailboxSchema).max(500),
  /** Where visitors of the bought domains are redirected. */
  redirectDomain: z.string().trim().max(DOMAIN_NAME_MAX),
});
export type MailboxOrder = z.infer<typeof mailboxOrderSchema>;

export const checkoutDataSchema = z.object({
  domains: z.array(
    z.object({ name: z.string().max(DOMAIN_NAME_MAX), price: moneyAmountSchema, mailboxes: z.number().int().nonnegative() }),
  ),
  total: moneyAmountSchema,
});
export type CheckoutData = z.infer<typeof checkoutDataSchema>;

export const checkoutStateSchema = z.object({
  orderId: recordIdSchema,
  checkout: checkoutDataSchema,
  paymentSucceeded: z.boolean(),
  hasPaymentMethod: z.boolean(),
  /** Correlates the order with the provider's logs. */
  traceId: z.string().min(1).max(128),
});
export type CheckoutState = z.infer<typeof checkoutStateSchema>;

export const paymentElementTypeSchema = z.enum(PAYMENT_ELEMENT_TYPES);
export const paymentMethodSchema = z.enum(PAYMENT_METHOD_ORDER);
export const paymentEventNameSchema = z.enum(PAYMENT_EVENTS);

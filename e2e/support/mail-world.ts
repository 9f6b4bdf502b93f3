/** Names the journeys' loopback DNS (finder-peers.ts) serves for the campaign journeys. */

/** The tracking domain of the campaign delivery journey's mailbox: a CNAME naming the app's host. */
export const CAMPAIGN_TRACKING_DOMAIN = 'track.delivery-mail.test';

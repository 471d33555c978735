/** How Storico signs in to Salesforce: read from the environment (config.ts), used by the connector's token.ts. */

/** The client credentials flow: the app's consumer key and secret. */
export type ClientCredentials = { loginUrl: string; clientId: string; clientSecret: string };

/**
 * The JWT bearer flow: the app's consumer key, the user the integration runs as, the private key whose certificate
 * the app holds, and the assertion's audience (https://login.salesforce.com, or https://test.salesforce.com for a
 * sandbox org).
 */
export type JwtBearerCredentials = {
  loginUrl: string;
  clientId: string;
  username: string;
  /** The private key, PEM (PKCS#8 or PKCS#1). */
  privateKey: string;
  audience: string;
};

export type SalesforceCredentials = ClientCredentials | JwtBearerCredentials;

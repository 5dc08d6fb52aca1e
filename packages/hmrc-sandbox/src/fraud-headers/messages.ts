import { type ConnectionMethod, connectionMethods } from './methods';

/**
 * What the validator says about each problem. Where HMRC's wording is known from its published
 * examples and observed answers the message is HMRC's; elsewhere it is ours, in the same style.
 */

const methodList = connectionMethods.join(' or ');

export const messages = {
  valid:
    'All headers required for your connection method have been supplied and all appear to be valid. Validation is based on a single request. We have access to all requests and can draw additional conclusions.',
  invalid: 'At least 1 header is invalid',
  potentiallyInvalid: 'At least 1 header is potentially invalid',
  noHeaders: 'No fraud prevention headers submitted. These are required by law. Check the specification.',
  headerRequired: 'Header required',
  privateNetworkMissing:
    'Header missing. You will not be able to submit a header if the connection is between client and server in a private network.',
  privateNetworkEmpty:
    'Value is empty. You will not be able to submit a value if the connection is between client and server in a private network. If this is the case, you must contact us explaining why you cannot submit this header.',
  empty: 'Value is empty',
  notAscii: 'Value must use US-ASCII characters only, with any other characters percent-encoded',
  placeholder:
    'Value must not be a placeholder such as null or undefined. If you cannot collect a value, you must contact us explaining why you cannot submit this header.',
  multiFactorMissing:
    'Header missing. This may be correct for single factor authentication, for example username and password. If this is the case, you must contact us explaining why you cannot submit this header.',
  multiFactorEmpty:
    'Value is empty. This may be correct for single factor authentication, for example username and password. If this is the case, you must contact us explaining why you cannot submit this header.',
  licenceMissing:
    'Header required. If there are no licences on the originating device you will not be able to collect a value. If this is the case, you must contact us explaining why you cannot submit this header.',
  licenceEmpty:
    'Value is empty. If there are no licences on the originating device you will not be able to collect a value. If this is the case, you must contact us explaining why you cannot submit this header.',
  connectionMethod: `Value must be ${methodList}: this simulator validates those connection methods only`,
  connectionMethodMissing: `Header required. Submit your connection method, ${methodList}: this simulator validates those connection methods only`,
  connectionMethodEmpty: `Value is empty. Submit your connection method, ${methodList}: this simulator validates those connection methods only`,
  userAgent: "Value should be the user agent string the browser reports to JavaScript, such as 'Mozilla/5.0 (…)'",
  deviceId: 'Value must be a UUID, for example beec798b-b366-47fa-b1f8-92cede14a1ce',
  multiFactorFields: 'Each factor must have a type, a timestamp and a unique-reference',
  multiFactorType: 'The type of each factor must be TOTP, AUTH_CODE or OTHER',
  multiFactorTimestamp:
    'The timestamp of each factor must be in UTC, as yyyy-MM-ddThh:mmZ at least (T and the 24 hour clock required), percent-encoded',
  multiFactorReference: 'The unique-reference of each factor must not be empty',
  ip: 'Value must be an IPv4 or IPv6 address',
  clientIpNotPublic:
    'Value is a private or reserved IP address. Submit the public IP address of the originating device, as your servers see it.',
  vendorIpNotPublic:
    'Value is a private or reserved IP address. Submit the public IP address the originating device sent its requests to.',
  ipTimestamp:
    'Value must be a UTC timestamp as yyyy-MM-ddThh:mm:ss.sssZ, with T, the 24 hour clock, seconds and milliseconds',
  localIps: 'Value must be a list of the IPv4 and IPv6 addresses of the originating device, separated by commas',
  macAddresses:
    'Value must be a list of MAC addresses, each 6 pairs of hexadecimal digits joined by colons or hyphens, percent-encoded, for example ea%3A43%3A1a%3A5d%3A21%3A45',
  macAllZero:
    'At least 1 MAC address is 00:00:00:00:00:00, which no network interface has (a loopback interface reports it). Submit the MAC addresses of the network interfaces of the originating device.',
  port: 'Value must be a whole number between 1 and 65535',
  serverPort:
    'Value must be the port the originating device sent the request from, not a server port such as 80 or 443',
  screenMissing: (field: string) => `At least 1 screen is missing a value for ${field}`,
  screenInvalid: (field: string, kind: string) => `At least 1 screen has an invalid ${field}: it must be ${kind}`,
  timezone: 'Value must be a recognised timezone in UTC format, submitted as UTC±<hh>:<mm>',
  userIds: 'Value must include at least 1 key naming an account and a value identifying the user',
  userIdsOs:
    'Check you are using the correct Gov-Client-Connection-Method. Web applications do not usually provide the os field as browsers do not expose this information.',
  userIdsNoOs:
    'Value should include the os key, identifying the user signed in on the originating device. If you cannot collect it, you must contact us explaining why you cannot submit this value.',
  userAgentField: (key: string) => `Value must include ${key} with a value, percent-encoded`,
  windowSize: 'Value must include width and height, each a positive whole number of pixels',
  forwardedFields: "Each hop must have a 'by' and a 'for' key",
  forwardedIp: "The 'by' and 'for' values of each hop must be IPv4 or IPv6 addresses, percent-encoded",
  forwardedPrivate:
    "Do not include hops within a private network: every 'by' and 'for' value should be a public IP address",
  forwardedCrossCheck:
    "At least 1 pair of IPs in Gov-Vendor-Forwarded must include Gov-Client-Public-IP in the 'for' field and Gov-Vendor-Public-IP in the 'by' field. Check all 3 headers are consistent.",
  licenceNotHashed: 'Licence values must be hashed, using the same hashing function every time',
  productName: 'Value must be the product name, percent-encoded, for example VAT%20Wise',
  version: 'Each key must name a piece of software and each value give its version',
  versionOne:
    'For client server architectures, submit a version for the client and the server. For all other architectures, submit at least 1 version.',
  unexpected: (method: ConnectionMethod) =>
    `Header not expected for the ${method} connection method. Check its name and the connection method.`,
} as const;

/** The live channel (socket.io) and the bus through which features send their events to the browsers. */
export { type Audience, type LiveEvent, type LiveEventName, LiveEvents } from './events';
export { attachLiveSocket, type LiveSocket, type LiveSocketOptions } from './socket';

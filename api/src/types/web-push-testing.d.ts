// web-push-testing ships no types; these are the parts the tests drive in-process.
declare module 'web-push-testing/src/PushApiModel.js' {
  export class PushApiModel {
    notifyUrl: string;
  }
}
declare module 'web-push-testing/src/server.js' {
  import type { Server } from 'node:http';
  import type { PushApiModel } from 'web-push-testing/src/PushApiModel.js';
  export default class WebPushTestingServer {
    constructor(model: PushApiModel, port: number);
    _server: Server;
    startServer(): void;
  }
}

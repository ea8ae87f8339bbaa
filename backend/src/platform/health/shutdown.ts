import { Injectable } from '@nestjs/common';

/**
 * Whether this process is shutting down (SIGTERM, ADR 0136): from then on its readiness answers
 * 503, so an orchestrator or a load balancer sends it nothing new while it finishes what it holds.
 */
@Injectable()
export class Shutdown {
  private started = false;

  get draining(): boolean {
    return this.started;
  }

  begin(): void {
    this.started = true;
  }
}

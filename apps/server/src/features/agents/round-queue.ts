import type { AgentId } from '@vatwise/domain';
import { Queue, Worker } from 'bullmq';
import type { FastifyBaseLogger } from 'fastify';
import type { SharedRedis } from '../../platform/cluster';

/**
 * The agents' scheduled rounds when instances share Redis: one BullMQ job scheduler
 * per agent, so each round is one job that one instance's worker takes, however many run. A
 * round falls due in Redis whether or not any instance is up; the first worker back runs it.
 * BullMQ was chosen over pg-boss because several instances need Redis anyway (sockets, limits),
 * and it serves SQLite and PostgreSQL alike.
 */
export class RoundQueue {
  private made: Queue | null = null;
  private worker: Worker | null = null;

  constructor(
    private readonly redis: SharedRedis,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Made on first use, so an app whose agents never start opens no queue connection to Redis. */
  private get queue(): Queue {
    this.made ??= new Queue('agent-rounds', {
      connection: this.redis.connection({ forQueue: true }),
      prefix: this.redis.key('jobs'),
      defaultJobOptions: { removeOnComplete: 100, removeOnFail: 100 },
    });
    return this.made;
  }

  /**
   * Schedules each agent every `everyMs` (first after `firstRunAfterMs`) unless it already is: an
   * instance starting must not move a round the others are waiting for, nor drop one now due.
   * Returns when each agent's next round is due.
   */
  async schedule(
    agents: { id: AgentId; everyMs: number; firstRunAfterMs: number }[],
    runRound: (id: AgentId) => Promise<void>,
  ): Promise<Map<AgentId, number | null>> {
    const next = new Map<AgentId, number | null>();
    for (const agent of agents) {
      const existing = await this.queue.getJobScheduler(agent.id);
      if (existing?.every !== agent.everyMs) {
        await this.queue.upsertJobScheduler(
          agent.id,
          { every: agent.everyMs, startDate: Date.now() + agent.firstRunAfterMs },
          { name: agent.id },
        );
      }
      next.set(agent.id, (await this.queue.getJobScheduler(agent.id))?.next ?? null);
    }
    const ids = new Set(agents.map((agent) => agent.id));
    this.worker = new Worker(
      'agent-rounds',
      async (job) => {
        if (ids.has(job.name as AgentId)) await runRound(job.name as AgentId);
      },
      {
        connection: this.redis.connection({ forQueue: true }),
        prefix: this.redis.key('jobs'),
        concurrency: agents.length,
      },
    );
    this.worker.on('error', (error) => this.log.error({ err: error }, 'agent round queue error'));
    return next;
  }

  /** When an agent's next round is due, as the queue has it. */
  async nextRunAt(id: AgentId): Promise<number | null> {
    return (await this.queue.getJobScheduler(id))?.next ?? null;
  }

  async close(): Promise<void> {
    await this.worker?.close();
    await this.made?.close();
  }
}

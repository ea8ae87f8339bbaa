import type { AssignedUser, TaskStatus, TaskView } from '@registra/domain';
import { api } from '../../lib/api';
import type { ListAnswer, OkAnswer } from '../../types/api';
import type { RecordOption } from '../../components/RecordSelect';

export type { RecordOption };

export type { TaskView };

/** POST /task/search: a board column, the board's search, the dashboard's 7 latest. */
export interface TaskSearch {
  search?: string;
  user?: string | null;
  status?: TaskStatus;
  sortField?: 'updatedAt' | 'createdAt' | 'title' | 'status';
  sortOrder?: 'asc' | 'desc';
  page?: number;
  limit?: number;
}

/** PUT /task/{id}: the whole task. */
export interface TaskUpdate {
  title: string;
  description: string;
  status: TaskStatus;
  users: AssignedUser[];
  organizationId: string | null;
  organizationName: string | null;
  peopleId: string | null;
  peopleName: string | null;
  attachedFiles: TaskView['attachedFiles'];
  updatedAt?: string;
}

/** PUT /task/send/{id} (docs/api/tasks.md). */
export interface TaskSend {
  title: string;
  description: string;
  organizationName: string;
  peopleName: string;
  attachedFiles: string[];
  recipients: string[];
}

const TASK_LIST = { type: 'Task', id: 'LIST' } as const;

export const tasksApi = api.injectEndpoints({
  endpoints: (build) => ({
    searchTasks: build.query<ListAnswer<TaskView>, TaskSearch>({
      query: (body) => ({ url: '/task/search', method: 'POST', body }),
      providesTags: (answer) => [
        TASK_LIST,
        ...(answer?.data ?? []).map((task) => ({ type: 'Task' as const, id: task._id })),
      ],
    }),
    getTask: build.query<TaskView, string>({
      query: (id) => `/task/${id}`,
      transformResponse: (answer: OkAnswer<TaskView>) => answer.data,
      providesTags: (_answer, _error, id) => [{ type: 'Task', id }],
    }),
    createTask: build.mutation<TaskView, { title: string }>({
      query: (body) => ({ url: '/task', method: 'POST', body }),
      transformResponse: (answer: OkAnswer<TaskView>) => answer.data,
      invalidatesTags: (_answer, error) => (error ? [] : [TASK_LIST]),
    }),
    updateTask: build.mutation<TaskView, { id: string; body: TaskUpdate }>({
      query: ({ id, body }) => ({ url: `/task/${id}`, method: 'PUT', body }),
      transformResponse: (answer: OkAnswer<TaskView>) => answer.data,
      invalidatesTags: (_answer, error, { id }) =>
        error ? [] : [{ type: 'Task', id }, TASK_LIST, 'Audit'],
    }),
    deleteTask: build.mutation<void, string>({
      query: (id) => ({ url: `/task/${id}`, method: 'DELETE' }),
      transformResponse: () => undefined,
      invalidatesTags: (_answer, error) => (error ? [] : [TASK_LIST]),
    }),
    sendTask: build.mutation<{ queued: number }, { id: string; body: TaskSend }>({
      query: ({ id, body }) => ({ url: `/task/send/${id}`, method: 'PUT', body }),
      transformResponse: (answer: OkAnswer<{ queued: number }>) => answer.data,
    }),
    /**
     * The edit modal's person select: by last name, 50 at a time, the names starting with the text
     * first (`picker`, ADR 0150).
     */
    taskPeopleOptions: build.query<RecordOption[], string>({
      query: (search) => ({
        url: '/people/search',
        method: 'POST',
        body: {
          ...(search ? { search } : {}),
          limit: 50,
          sortField: 'lastName',
          sortOrder: 'asc',
          picker: true,
        },
      }),
      transformResponse: (
        answer: ListAnswer<{ _id: string; firstName: string; lastName: string }>,
      ) =>
        answer.data.map(({ _id, firstName, lastName }) => ({
          _id,
          name: `${firstName} ${lastName}`.trim(),
        })),
    }),
  }),
});

export const {
  useSearchTasksQuery,
  useGetTaskQuery,
  useCreateTaskMutation,
  useUpdateTaskMutation,
  useDeleteTaskMutation,
  useSendTaskMutation,
  useTaskPeopleOptionsQuery,
} = tasksApi;

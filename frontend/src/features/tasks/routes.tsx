import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../lib/lazyPage';

const TaskBoardPage = lazyPage(() => import('./pages/TaskBoardPage'), 'TaskBoardPage');

/** The task board, mounted inside the signed-in area (/task/{id?}). */
export const taskRoutes: RouteObject[] = [{ path: 'task/:id?', element: <TaskBoardPage /> }];

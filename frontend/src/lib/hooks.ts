import { useDispatch, useSelector } from 'react-redux';
import type { AppDispatch, RootState } from './store';
import { selectCurrentUser } from './session';

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();

/** The signed-in user, or null. Inside the signed-in area it is always set. */
export const useCurrentUser = () => useAppSelector(selectCurrentUser);

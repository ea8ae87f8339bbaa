import { useState } from 'react';
import toast from 'react-hot-toast';
import { ErrorCode, MESSAGES } from '@registra/domain';
import { isApiError } from '../lib/api';
import { errorText } from '../lib/errors';
import { useCreateLinkMutation } from '../lib/records';
import type { CreateLinkRequest } from '../types/records';

/**
 * The Link Person / Link Organization picker of either side of a link: whether it is open, and
 * the link it makes (closing it), or why not ("already linked" in the firm's words).
 */
export function useLinkPicker() {
  const [showPicker, setShowPicker] = useState(false);
  const [createLink, { isLoading: linking }] = useCreateLinkMutation();
  const link = async (request: CreateLinkRequest) => {
    try {
      await createLink(request).unwrap();
      toast.success(MESSAGES.added);
      setShowPicker(false);
    } catch (error) {
      toast.error(
        isApiError(error) && error.code === ErrorCode.LINK_ALREADY_EXISTS
          ? MESSAGES.linkAlreadyExists
          : errorText(error, MESSAGES.anErrorOccurred, 'code'),
      );
    }
  };
  return { showPicker, setShowPicker, link, linking, createLink };
}

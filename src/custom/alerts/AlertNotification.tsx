/**
 * Takes the place of react-admin's snackbar (`<Admin notification>`): every `notify()` becomes
 * the global alert, so there is one place where messages appear.
 */
import { useEffect } from 'react';
import {
  useNotificationContext,
  useTakeUndoableMutation,
  useTranslate,
  type NotificationPayload,
  type NotificationType,
} from 'react-admin';
import { FORM_INVALID } from '../../schema';
import { takeEchoOfReportedFailure } from '../../providers/httpClient';
import { showAlert, type AlertType } from './alertStore';

const ALERT_TYPES: Record<NotificationType, AlertType> = {
  error: 'ERROR',
  warning: 'WARNING',
  success: 'SUCCESS',
  // react-admin's own confirmations ('Element updated') are successes; the spec has no info type.
  info: 'SUCCESS',
};

const INVALID_FORM_KEY = 'ra.message.invalid_form';

/**
 * react-admin follows a failed call with an error notification of its own: the error's
 * message, or a generic 'ra.notification.*' text. The HTTP client has already shown the
 * catalogue's alert for it (or deliberately none, for a 401), so those echoes are dropped.
 */
function isEchoOfFailedCall(notification: NotificationPayload): boolean {
  const { message, type } = notification;
  return (
    type === 'error' &&
    typeof message === 'string' &&
    (message.startsWith('ra.notification.') || takeEchoOfReportedFailure(message))
  );
}

export function AlertNotification() {
  const { notifications, takeNotification } = useNotificationContext();
  const takeMutation = useTakeUndoableMutation();
  const translate = useTranslate();

  useEffect(() => {
    if (notifications.length === 0) return;
    const notification = takeNotification();
    if (!notification) return;
    const { message, type, notificationOptions } = notification;
    if (notificationOptions?.undoable) {
      // There is no Undo button here: an undoable change is committed right away.
      takeMutation()?.({ isUndo: false });
    }
    if (isEchoOfFailedCall(notification) || typeof message !== 'string') return;
    if (message === INVALID_FORM_KEY) {
      showAlert('WARNING', FORM_INVALID);
      return;
    }
    showAlert(ALERT_TYPES[type] ?? 'ERROR', translate(message, notificationOptions?.messageArgs));
  }, [notifications, takeNotification, takeMutation, translate]);

  return null;
}

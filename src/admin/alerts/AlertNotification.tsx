/**
 * Takes the place of react-admin's snackbar (`<Admin notification>`): every `notify()` becomes
 * the global alert (alertStore.ts, shown by AlertArea), so there is one place where messages
 * appear, and every failed call of the data provider is reported here, once, with the error
 * catalogue's type and text (SPEC §8).
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
import { onFailedCall } from '../../providers/failedCalls';
import { showAlert, type AlertType } from './alertStore';
import { FAILURE_REPORT, useReportFailure } from './useReportFailure';

const ALERT_TYPES: Record<NotificationType, AlertType> = {
  error: 'ERROR',
  warning: 'WARNING',
  success: 'SUCCESS',
  // react-admin's own confirmations ('Element updated') are successes; the spec has no info type.
  info: 'SUCCESS',
};

const INVALID_FORM_KEY = 'ra.message.invalid_form';

/**
 * react-admin's own notice of a failed query or mutation of its controllers: the error's
 * message with `messageArgs: { _: message }`, or a generic 'ra.notification.*' key. Every
 * failed call has its catalogue alert from the report of the data provider's failures, with the
 * type the status calls for, so react-admin's notice (always an error) is not shown.
 */
function isReactAdminFailureNotice({ message, type, notificationOptions }: NotificationPayload): boolean {
  if (type !== 'error' || typeof message !== 'string' || notificationOptions?.[FAILURE_REPORT]) return false;
  return message.startsWith('ra.notification.') || notificationOptions?.messageArgs?._ === message;
}

export function AlertNotification() {
  const { notifications, takeNotification } = useNotificationContext();
  const takeMutation = useTakeUndoableMutation();
  const translate = useTranslate();
  const reportFailure = useReportFailure();

  useEffect(() => onFailedCall(reportFailure), [reportFailure]);

  useEffect(() => {
    if (notifications.length === 0) return;
    const notification = takeNotification();
    if (!notification) return;
    const { message, type, notificationOptions } = notification;
    if (notificationOptions?.undoable) {
      // There is no Undo button here: an undoable change is committed right away.
      takeMutation()?.({ isUndo: false });
    }
    if (isReactAdminFailureNotice(notification) || typeof message !== 'string') return;
    if (message === INVALID_FORM_KEY) {
      showAlert('WARNING', FORM_INVALID);
      return;
    }
    const text = notificationOptions?.[FAILURE_REPORT] ? message : translate(message, notificationOptions?.messageArgs);
    showAlert(ALERT_TYPES[type] ?? 'ERROR', text);
  }, [notifications, takeNotification, takeMutation, translate]);

  return null;
}

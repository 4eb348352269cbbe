import { TOAST_AUTO_CLOSE_MS } from '@vm/shared/constants';
import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';

/**
 * The toast container and its stylesheet, loaded after the first paint (root.tsx): neither is
 * needed to show a page, and react-toastify keeps toasts raised before it mounts in a queue.
 */
export default function Toasts() {
  return <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} newestOnTop theme="colored" />;
}

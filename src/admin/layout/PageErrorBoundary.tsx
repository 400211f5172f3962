import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Error as ErrorPage } from 'react-admin';

interface State {
  error: Error | null;
  errorInfo?: ErrorInfo;
}

/**
 * A page that throws while rendering shows react-admin's error page instead of a blank
 * screen; navigating elsewhere (handled by that page) resets it.
 */
export class PageErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  componentDidCatch(_error: Error, errorInfo: ErrorInfo) {
    this.setState({ errorInfo });
  }

  reset = () => this.setState({ error: null, errorInfo: undefined });

  render() {
    const { error, errorInfo } = this.state;
    if (!error) return this.props.children;
    return <ErrorPage error={error} errorInfo={errorInfo} resetErrorBoundary={this.reset} />;
  }
}

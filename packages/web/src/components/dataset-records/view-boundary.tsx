import { Component, type ReactNode } from 'react';

interface ViewBoundaryProps {
  /** Shown instead of the view when rendering it throws. */
  fallback: string;
  children: ReactNode;
}

/** Keeps a view of a record that cannot be rendered from taking the modal down with it (spec 3 §8). */
export class ViewBoundary extends Component<ViewBoundaryProps, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.warn(this.props.fallback, error);
  }

  render() {
    if (this.state.failed) return <div className="record-view-failed">{this.props.fallback}</div>;
    return this.props.children;
  }
}

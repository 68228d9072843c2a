// Package deploy holds what runs Praksis in production: the container image
// (Dockerfile), the Kubernetes manifests (k8s/), the Grafana dashboard and
// the operators' guides (README.md, BACKUP.md, CITUS.md). Its tests check
// them offline: the Dockerfile with BuildKit's own parser and build checks,
// the manifests decoded strictly into the Kubernetes API types and checked
// against each other and against the service's configuration rules.
package deploy

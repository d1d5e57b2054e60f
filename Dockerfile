# energy-console BFF (one replica) with the built console. See docs/deployment.md.
# Not built on the project's development machines (no container runtime there): treat as a starting point.

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts
COPY . .
# The console, precompressed (brotli and gzip beside each asset), and the servers as JavaScript (dist-server/).
RUN npm run build && npm run build:servers

FROM node:24-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 BFF_DATA_DIR=/var/lib/energy-console BFF_STATIC_DIR=/app/dist
WORKDIR /app
COPY package.json package-lock.json ./
# Production packages only, what the servers import: the console is built (dist/), the servers are compiled
# (no TypeScript loader), so the browser's packages and tsx are devDependencies.
RUN npm ci --omit=dev --ignore-scripts && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY --from=build /app/dist-server ./dist-server
RUN mkdir -p /var/lib/energy-console && chown node:node /var/lib/energy-console
USER node
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s CMD node -e "fetch('http://127.0.0.1:8080/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# Plain node on the compiled BFF (no TypeScript loader); it ends on SIGTERM itself (in-flight requests finish).
CMD ["node", "--enable-source-maps", "dist-server/bff/server.js"]
